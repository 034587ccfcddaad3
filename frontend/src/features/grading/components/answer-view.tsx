/** A learner's answer shown against the key: choices list every option with the learner's
 * choice and the correct ones marked; text answers keep their line breaks; a true/false set's
 * statements and a numeric answer as the learner's result shows them (issue 39). */
import { Check, X } from "lucide-react";

import { MathHtml } from "@/components/math-html";
import { NumericReview, StatementsReview } from "@/components/national-answers";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { AttemptAnswer, AnswerValue } from "../api/types";

export function TextAnswer({ answer }: { answer: AnswerValue | null }) {
  const t = useT();
  const text = answer && "text" in answer ? answer.text : "";
  if (!text.trim()) return <p className="italic text-slate-500">{t("grading.noAnswer")}</p>;
  return (
    <p
      data-testid="learner-answer"
      className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed text-slate-900"
    >
      {text}
    </p>
  );
}

function chosen(answer: AnswerValue | null): string[] {
  if (!answer) return [];
  if ("option" in answer) return [answer.option];
  return "options" in answer ? answer.options : [];
}

/** The key's fields whatever its question type (the server sends one shape per type). */
function keyParts(key: AttemptAnswer["key"]) {
  return {
    option: "option" in key ? key.option : undefined,
    options: "options" in key ? key.options : undefined,
    value: "value" in key ? key.value : undefined,
    accepted: "accepted" in key ? key.accepted : undefined,
    rubric: "rubric" in key ? key.rubric : undefined,
    statements: "statements" in key ? key.statements : undefined,
  };
}

function correct(key: AttemptAnswer["key"]): string[] {
  const { option, options } = keyParts(key);
  return option ? [option] : (options ?? []);
}

export function AnswerAgainstKey({ item }: { item: AttemptAnswer }) {
  const t = useT();
  const key = keyParts(item.key);
  if (item.type === "true_false_set") {
    return (
      <StatementsReview
        statements={item.statements}
        judged={item.answer && "statements" in item.answer ? item.answer.statements : {}}
        keyed={key.statements ?? {}}
        right={item.statements_right}
        score={item.score}
      />
    );
  }
  if (item.type === "numeric") {
    const text = item.answer && "text" in item.answer ? item.answer.text : "";
    return <NumericReview answer={text} accepted={key.accepted ?? []} />;
  }
  if (item.type === "essay" || item.type === "short_text") {
    return (
      <div className="grid gap-2">
        <TextAnswer answer={item.answer} />
        {item.type === "short_text" && (key.accepted?.length ?? 0) > 0 && (
          <p className="text-sm text-slate-600">
            <span className="font-medium">{t("grading.accepted")}: </span>
            {key.accepted?.join(" · ")}
          </p>
        )}
        {item.type === "essay" && key.rubric && (
          <div className="text-sm text-slate-600">
            <span className="font-medium">{t("grading.rubric")}</span>
            <MathHtml html={key.rubric} className="mt-1 grid gap-2" />
          </div>
        )}
      </div>
    );
  }
  if (item.type === "true_false") {
    const given = item.answer && "value" in item.answer ? item.answer.value : undefined;
    const right = key.value;
    const label = (v: boolean | undefined) =>
      v === undefined ? t("grading.noAnswer") : v ? t("grading.true") : t("grading.false");
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">{t("grading.learnerAnswer")}</dt>
        <dd className={cn(given !== undefined && given === right ? "text-emerald-700" : "text-red-700")}>
          {label(given)}
        </dd>
        <dt className="text-slate-500">{t("grading.key")}</dt>
        <dd>{label(right)}</dd>
      </dl>
    );
  }
  const picked = chosen(item.answer);
  const right = correct(item.key);
  return (
    <div className="grid gap-2">
      {picked.length === 0 && <p className="text-sm italic text-slate-500">{t("grading.noAnswer")}</p>}
      <ul className="grid gap-1.5">
        {item.options.map((option) => {
          const isPicked = picked.includes(option.id);
          const isRight = right.includes(option.id);
          return (
            <li
              key={option.id}
              className={cn(
                "flex items-start gap-2 rounded-lg border p-2 text-sm",
                isRight
                  ? "border-emerald-300 bg-emerald-50"
                  : isPicked
                    ? "border-red-300 bg-red-50"
                    : "border-slate-200",
              )}
            >
              <span className="mt-0.5 w-4 shrink-0" aria-hidden="true">
                {isRight ? (
                  <Check className="h-4 w-4 text-emerald-700" />
                ) : isPicked ? (
                  <X className="h-4 w-4 text-red-700" />
                ) : null}
              </span>
              <span className="font-medium uppercase text-slate-600">{option.id}.</span>
              <MathHtml text={option} className="min-w-0 flex-1" />
              <span className="flex shrink-0 flex-wrap gap-1">
                {isPicked && (
                  <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs text-white">
                    {t("grading.learnerChoice")}
                  </span>
                )}
                {isRight && (
                  <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs text-white">
                    {t("grading.correct")}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
