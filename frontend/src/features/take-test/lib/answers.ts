/** Answer shapes by question type (taking.py `_valid_answer`): single_choice {option},
 * multiple_choice {options}, true_false {value}, short_text and essay {text}; null clears. */
import type { Answer, AnswerKey, QuestionType } from "../api/types";

export const SHORT_TEXT_MAX = 2000;
export const ESSAY_MAX = 20000;

/** True when the learner has given an answer (a chosen option, a true/false, non-blank text). */
export function isAnswered(answer: Answer | undefined): boolean {
  if (!answer) return false;
  if ("option" in answer) return Boolean(answer.option);
  if ("options" in answer) return answer.options.length > 0;
  if ("value" in answer) return typeof answer.value === "boolean";
  if ("text" in answer) return answer.text.trim() !== "";
  return false;
}

export function chooseOption(optionId: string): Answer {
  return { option: optionId };
}

/** Multiple choice: adds or removes `optionId`, keeping the options' display order; no option
 * left clears the answer. */
export function toggleOption(answer: Answer | undefined, optionId: string, order: string[]): Answer {
  const chosen = new Set(answer && "options" in answer ? answer.options : []);
  if (chosen.has(optionId)) chosen.delete(optionId);
  else chosen.add(optionId);
  const options = order.filter((id) => chosen.has(id));
  return options.length ? { options } : null;
}

export function chooseValue(value: boolean): Answer {
  return { value };
}

/** Text answers: cut to the type's limit; an empty text clears the answer. */
export function textAnswer(text: string, type: QuestionType): Answer {
  const max = type === "essay" ? ESSAY_MAX : SHORT_TEXT_MAX;
  const cut = text.slice(0, max);
  return cut === "" ? null : { text: cut };
}

export function selectedOption(answer: Answer | undefined): string | undefined {
  return answer && "option" in answer ? answer.option : undefined;
}

export function selectedOptions(answer: Answer | undefined): string[] {
  return answer && "options" in answer ? answer.options : [];
}

export function chosenValue(answer: Answer | undefined): boolean | undefined {
  return answer && "value" in answer ? answer.value : undefined;
}

export function answerText(answer: Answer | undefined): string {
  return answer && "text" in answer ? answer.text : "";
}

/** Same answer (so choosing it again sends nothing: spec §5 "to update, a different answer must
 * be chosen"). */
export function sameAnswer(a: Answer | undefined, b: Answer | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields of an answer key whatever its question type (the others undefined): the server
 * sends one shape per type (`{option}`, `{options}`, `{value}`, `{accepted, ...}`, `{}`). */
export function keyParts(key: AnswerKey | null | undefined): {
  option?: string;
  options?: string[];
  value?: boolean;
  accepted?: string[];
} {
  if (!key) return {};
  return {
    option: "option" in key ? key.option : undefined,
    options: "options" in key ? key.options : undefined,
    value: "value" in key ? key.value : undefined,
    accepted: "accepted" in key ? key.accepted : undefined,
  };
}
