/** One statement of the survey runner: its text and the 5-point scale as radio buttons, with the
 * save state of its answer (saving, saved, or a retry after a failure). */
import { Check, Loader2, RotateCw } from "lucide-react";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { Question, Questions } from "../api/types";
import type { SaveState } from "./use-answer-saves";

export function Statement({
  question,
  scale,
  value,
  state,
  disabled,
  missing,
  onAnswer,
}: {
  question: Question;
  scale: Questions["scale"];
  value: number | undefined;
  state: SaveState | undefined;
  disabled: boolean;
  missing: boolean;
  onAnswer: (value: number) => void;
}) {
  const t = useT();
  return (
    <li>
      <fieldset
        id={`statement-${question.id}`}
        data-group={question.group}
        tabIndex={-1}
        className={cn(
          "grid scroll-mt-56 gap-3 rounded-2xl border bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-600",
          missing ? "border-red-400" : "border-slate-200",
        )}
      >
        <legend className="sr-only">
          {t("surveys.taking.statement", { number: question.number, text: question.text })}
        </legend>
        <div className="flex items-start justify-between gap-3" aria-hidden="true">
          <p className="font-medium text-slate-900">
            <span className="mr-2 text-slate-500">{question.number}.</span>
            {question.text}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div className="grid flex-1 grid-cols-5 gap-2">
            {scale.map((point) => {
              const checked = value === point.value;
              return (
                <label
                  key={point.value}
                  className={cn(
                    "flex cursor-pointer flex-col items-center gap-1 rounded-lg border px-2 py-2 text-center text-xs transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600",
                    checked
                      ? "border-blue-700 bg-blue-700 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                    disabled && "cursor-not-allowed opacity-60",
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`statement-${question.id}-answer`}
                    value={point.value}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onAnswer(point.value)}
                  />
                  <span className="text-base font-semibold">{point.value}</span>
                  <span>{point.label}</span>
                </label>
              );
            })}
          </div>
          <span className="w-24 shrink-0 text-right text-xs" aria-live="polite">
            {state === "saving" && (
              <span className="inline-flex items-center gap-1 text-amber-700">
                <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
                {t("surveys.taking.saving")}
              </span>
            )}
            {state === "saved" && (
              <span className="inline-flex items-center gap-1 text-emerald-700">
                <Check className="h-3.5 w-3.5" aria-hidden="true" />
                {t("surveys.taking.saved")}
              </span>
            )}
            {state === "error" && (
              <button
                type="button"
                className="inline-flex items-center gap-1 text-red-700 underline"
                onClick={() => value !== undefined && onAnswer(value)}
              >
                <RotateCw className="h-3.5 w-3.5" aria-hidden="true" />
                {t("surveys.taking.retry")}
              </button>
            )}
          </span>
        </div>
      </fieldset>
    </li>
  );
}
