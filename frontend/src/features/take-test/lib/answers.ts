/** Answer shapes by question type (sitting/rules.py `valid_answer`): single_choice {option},
 * multiple_choice {options}, true_false {value}, true_false_set {statements: {id: bool}},
 * short_text, essay and numeric {text}; null clears. */
import { sheetText } from "@/lib/sheet-number";

import type { Answer, AnswerKey, AttemptQuestion, QuestionType } from "../api/types";

export const SHORT_TEXT_MAX = 2000;
export const ESSAY_MAX = 20000;

/** True when the learner has given an answer (a chosen option, a true/false, non-blank text). */
export function isAnswered(answer: Answer | undefined): boolean {
  if (!answer) return false;
  if ("option" in answer) return Boolean(answer.option);
  if ("options" in answer) return answer.options.length > 0;
  if ("value" in answer) return typeof answer.value === "boolean";
  if ("statements" in answer) return Object.keys(answer.statements).length > 0;
  if ("text" in answer) return answer.text.trim() !== "";
  return false;
}

/** Where a question stands in the nav: a true/false set is answered once every statement is
 * judged and partly answered before (issue 39); any other type answered when `isAnswered`. */
export type AnswerState = "answered" | "partial" | "unanswered";

export function answerState(
  answer: Answer | undefined,
  question: Pick<AttemptQuestion, "type" | "statements">,
): AnswerState {
  if (!isAnswered(answer)) return "unanswered";
  if (question.type !== "true_false_set") return "answered";
  const judged = judgedStatements(answer);
  return question.statements.every((s) => s.id in judged) ? "answered" : "partial";
}

/** A true/false set's judgements so far (statement id -> true for Đúng), {} when none. */
export function judgedStatements(answer: Answer | undefined): Record<string, boolean> {
  return answer && "statements" in answer ? answer.statements : {};
}

/** A true/false set with statement `id` judged `value`, the judgements in the statements'
 * `order` (the order they are shown in, a) to f)). */
export function judgeStatement(
  answer: Answer | undefined,
  id: string,
  value: boolean,
  order: string[],
): Answer {
  const judged = { ...judgedStatements(answer), [id]: value };
  return { statements: Object.fromEntries(order.filter((s) => s in judged).map((s) => [s, judged[s]!])) };
}

/** A numeric answer as stored: the text as the answer sheet writes it (`sheetText`: the point
 * becomes the comma, the Unicode minus "-"); empty clears. The test page keeps what was typed
 * on screen. */
export function numericAnswer(text: string): Answer {
  const written = sheetText(text);
  return written === "" ? null : { text: written };
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
 * sends one shape per type (`{option}`, `{options}`, `{value}`, `{accepted, ...}`,
 * `{statements, scoring_table}`, `{}`). */
export function keyParts(key: AnswerKey | null | undefined): {
  option?: string;
  options?: string[];
  value?: boolean;
  accepted?: string[];
  statements?: Record<string, boolean>;
  scoring_table?: string[];
} {
  if (!key) return {};
  return {
    option: "option" in key ? key.option : undefined,
    options: "options" in key ? key.options : undefined,
    value: "value" in key ? key.value : undefined,
    accepted: "accepted" in key ? key.accepted : undefined,
    statements: "statements" in key ? key.statements : undefined,
    scoring_table: "scoring_table" in key ? key.scoring_table : undefined,
  };
}
