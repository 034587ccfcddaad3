/** A true/false set on the test page (the national exam's phần II, issue 39): its statements
 * a), b)... in their written order (never shuffled), each a radio group Đúng/Sai named by its
 * letter and text, formulas by their spoken text (decision 0053); every choice goes straight to
 * `onAnswer` with the judgements so far. */
import { useId } from "react";

import { MathSpan } from "@/components/math-html";
import { useT } from "@/lib/intl";
import { statementLetter } from "@/lib/statements";

import type { Answer, AttemptQuestion } from "../api/types";
import { judgedStatements, judgeStatement } from "../lib/answers";

const pill =
  "flex cursor-pointer items-center gap-2 rounded-full border px-4 py-1.5 text-sm hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600";

export function StatementsInput({
  question,
  answer,
  disabled,
  describedBy,
  onAnswer,
}: {
  question: AttemptQuestion;
  answer: Answer | undefined;
  disabled: boolean;
  describedBy: string;
  onAnswer: (answer: Answer) => void;
}) {
  const t = useT();
  const name = useId();
  const judged = judgedStatements(answer);
  const order = question.statements.map((s) => s.id);
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy} disabled={disabled}>
      <legend className="mb-1 text-sm text-slate-600">{t("takeTest.judgeStatements")}</legend>
      <ol className="grid gap-2">
        {question.statements.map((statement, index) => {
          const letter = statementLetter(index);
          return (
            <li
              key={statement.id}
              className="grid gap-3 rounded-xl border border-slate-200 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <p className="flex gap-2 text-sm" id={`${name}-${statement.id}-text`}>
                <span className="font-semibold">{letter})</span>
                <MathSpan text={statement} />
              </p>
              <div role="radiogroup" aria-labelledby={`${name}-${statement.id}-text`} className="flex gap-2">
                {[true, false].map((value) => (
                  <label key={String(value)} className={pill}>
                    <input
                      type="radio"
                      name={`${name}-${statement.id}`}
                      className="h-4 w-4"
                      checked={judged[statement.id] === value}
                      onChange={() => onAnswer(judgeStatement(answer, statement.id, value, order))}
                    />
                    {t(value ? "takeTest.true" : "takeTest.false")}
                  </label>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
