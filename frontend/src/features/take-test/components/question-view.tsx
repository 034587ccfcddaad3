/** One question of the attempt with the input its type needs: radio buttons (single choice,
 * true/false), checkboxes (multiple choice), a text box (short text), a text area (essay), a
 * Đúng/Sai pair per statement (a true/false set) or the answer sheet's four cells (a numeric
 * answer; issue 39); flag for review and clear. Every change goes straight to `onAnswer` (the
 * page saves it). In a test in parts its part is named above the number ("Phần II. Trắc nghiệm đúng
 * sai · 1 điểm/câu"), the heading's description, so that focus on the heading reads it too. */
import { Eraser, Flag } from "lucide-react";
import { forwardRef, useId, type ReactNode } from "react";

import { MathHtml, MathSpan } from "@/components/math-html";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { Answer, AttemptPart, AttemptQuestion } from "../api/types";
import {
  answerText,
  chooseOption,
  chooseValue,
  chosenValue,
  ESSAY_MAX,
  isAnswered,
  selectedOption,
  selectedOptions,
  SHORT_TEXT_MAX,
  textAnswer,
  toggleOption,
} from "../lib/answers";
import { SheetCellsInput } from "./sheet-cells-input";
import { StatementsInput } from "./statements-input";

const choice =
  "flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-sm hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600";

export const QuestionView = forwardRef<
  HTMLHeadingElement,
  {
    question: AttemptQuestion;
    /** The part the question belongs to (issue 39); none in a test without parts. */
    part?: AttemptPart;
    index: number;
    total: number;
    answer: Answer | undefined;
    flagged: boolean;
    disabled: boolean;
    onAnswer: (answer: Answer, options?: { typing?: boolean }) => void;
    onFlag: () => void;
    onTextBlur: () => void;
    /** The line that names the shared stimulus the question hangs from (decision 0054), shown
     * before the stem; `stimulusNoteId` is the id of its text, read with the stem. */
    stimulusNote?: ReactNode;
    stimulusNoteId?: string;
  }
>(function QuestionView(
  {
    question,
    part,
    index,
    total,
    answer,
    flagged,
    disabled,
    onAnswer,
    onFlag,
    onTextBlur,
    stimulusNote,
    stimulusNoteId,
  },
  ref,
) {
  const t = useT();
  const name = useId();
  const stemId = `${name}-stem`;
  const describedBy = stimulusNoteId ? `${stimulusNoteId} ${stemId}` : stemId;
  const order = question.options.map((o) => o.id);

  return (
    <article aria-labelledby={`${name}-title`} className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          {part && (
            <p id={`${name}-part`} className="text-sm font-medium text-blue-800">
              {t("takeTest.part.caption", { name: part.name, points: part.points })}
            </p>
          )}
          <h2
            id={`${name}-title`}
            ref={ref}
            tabIndex={-1}
            aria-describedby={part ? `${name}-part` : undefined}
            className="text-lg font-semibold focus:outline-none"
          >
            {t("takeTest.questionOf", { n: index + 1, total })}
            <span className="ml-2 text-sm font-normal text-slate-500">
              {t("takeTest.points", { points: question.points })}
            </span>
          </h2>
        </div>
        <div className="flex gap-2">
          <Button
            variant={flagged ? "secondary" : "outline"}
            size="sm"
            aria-pressed={flagged}
            disabled={disabled}
            onClick={onFlag}
          >
            <Flag className="h-4 w-4" aria-hidden="true" />
            {t(flagged ? "takeTest.flagged" : "takeTest.flag")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled || !isAnswered(answer)}
            onClick={() => onAnswer(null)}
          >
            <Eraser className="h-4 w-4" aria-hidden="true" />
            {t("takeTest.clear")}
          </Button>
        </div>
      </div>
      {stimulusNote}
      <div id={stemId} className="question-html text-base leading-relaxed">
        <MathHtml text={question.stem} />
      </div>

      {question.type === "single_choice" && (
        <fieldset className="grid gap-2" aria-describedby={describedBy} disabled={disabled}>
          <legend className="sr-only">{t("takeTest.chooseOne")}</legend>
          {question.options.map((option) => (
            <label key={option.id} className={choice}>
              <input
                type="radio"
                name={name}
                className="mt-0.5 h-4 w-4"
                checked={selectedOption(answer) === option.id}
                onChange={() => onAnswer(chooseOption(option.id))}
              />
              <MathSpan text={option} />
            </label>
          ))}
        </fieldset>
      )}

      {question.type === "multiple_choice" && (
        <fieldset className="grid gap-2" aria-describedby={describedBy} disabled={disabled}>
          <legend className="mb-1 text-sm text-slate-600">{t("takeTest.chooseMany")}</legend>
          {question.options.map((option) => (
            <label key={option.id} className={choice}>
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={selectedOptions(answer).includes(option.id)}
                onChange={() => onAnswer(toggleOption(answer, option.id, order))}
              />
              <MathSpan text={option} />
            </label>
          ))}
        </fieldset>
      )}

      {question.type === "true_false" && (
        <fieldset className="grid gap-2 sm:grid-cols-2" aria-describedby={describedBy} disabled={disabled}>
          <legend className="sr-only">{t("takeTest.chooseTrueFalse")}</legend>
          {[true, false].map((value) => (
            <label key={String(value)} className={choice}>
              <input
                type="radio"
                name={name}
                className="mt-0.5 h-4 w-4"
                checked={chosenValue(answer) === value}
                onChange={() => onAnswer(chooseValue(value))}
              />
              {t(value ? "takeTest.true" : "takeTest.false")}
            </label>
          ))}
        </fieldset>
      )}

      {question.type === "true_false_set" && (
        <StatementsInput
          question={question}
          answer={answer}
          disabled={disabled}
          describedBy={stemId}
          onAnswer={onAnswer}
        />
      )}

      {question.type === "numeric" && (
        <SheetCellsInput
          question={question}
          answer={answer}
          disabled={disabled}
          describedBy={stemId}
          onAnswer={onAnswer}
          onBlur={onTextBlur}
        />
      )}

      {(question.type === "short_text" || question.type === "essay") && (
        <div className="grid gap-1">
          <label htmlFor={`${name}-text`} className="text-sm font-medium text-slate-700">
            {t(question.type === "essay" ? "takeTest.essayLabel" : "takeTest.shortLabel")}
          </label>
          {question.type === "essay" ? (
            <textarea
              id={`${name}-text`}
              aria-describedby={`${describedBy} ${name}-count`}
              rows={12}
              maxLength={ESSAY_MAX}
              disabled={disabled}
              value={answerText(answer)}
              onChange={(e) => onAnswer(textAnswer(e.target.value, question.type), { typing: true })}
              onBlur={onTextBlur}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
          ) : (
            <input
              id={`${name}-text`}
              type="text"
              aria-describedby={`${describedBy} ${name}-count`}
              maxLength={SHORT_TEXT_MAX}
              autoComplete="off"
              disabled={disabled}
              value={answerText(answer)}
              onChange={(e) => onAnswer(textAnswer(e.target.value, question.type), { typing: true })}
              onBlur={onTextBlur}
              className="block w-full max-w-xl rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
          )}
          <p id={`${name}-count`} className={cn("text-xs text-slate-500")}>
            {t("takeTest.characters", {
              count: answerText(answer).length,
              max: question.type === "essay" ? ESSAY_MAX : SHORT_TEXT_MAX,
            })}
          </p>
        </div>
      )}
    </article>
  );
});
