/** One question read from an uploaded file (issue 36), as the learner will see it: the stem and
 * options with their formulas and pictures, the key marked, the explanation, and what needs
 * attention (blocking problems in red, warnings in amber); Fix and Skip. */
import { AlertTriangle, Check, CircleAlert } from "lucide-react";

import { MathHtml, MathSpan } from "@/components/math-html";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

import type { FileCandidate } from "../api/types";
import { isChoice } from "../lib/choices";
import { typeLabel } from "./labels";

const keyOf = (candidate: FileCandidate): string[] => {
  const key = candidate.answer_key;
  if ("option" in key) return [key.option];
  if ("options" in key) return key.options;
  return [];
};

/** "Single choice", or for a type the bank cannot hold what the file had ("True/false set"). */
export function candidateTypeLabel(candidate: FileCandidate): MessageId {
  if (candidate.type === "unsupported")
    return `qfile.source.${candidate.source_type || "other"}` as MessageId;
  return typeLabel(candidate.type);
}

export function CandidateCard({
  candidate,
  busy,
  onFix,
  onSkip,
}: {
  candidate: FileCandidate;
  busy: boolean;
  onFix: () => void;
  onSkip: (skipped: boolean) => void;
}) {
  const t = useT();
  const keys = keyOf(candidate);
  const heading = `candidate-${candidate.id}`;
  const key = candidate.answer_key;
  return (
    <article
      aria-labelledby={heading}
      className={cn(
        "grid gap-3 rounded-2xl border bg-white p-4",
        candidate.skipped
          ? "border-slate-200 opacity-70"
          : candidate.blocked
            ? "border-red-300"
            : "border-slate-200",
      )}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={heading} className="font-semibold">
          {candidate.ref}
        </h3>
        {candidate.folder.length > 0 && (
          <span className="text-xs text-slate-500">{candidate.folder.join(" › ")}</span>
        )}
        <Badge tone={candidate.type === "unsupported" ? "amber" : "slate"}>
          {t(candidateTypeLabel(candidate))}
        </Badge>
        {candidate.skipped && <Badge tone="slate">{t("qfile.skipped")}</Badge>}
        {!candidate.skipped && candidate.blocked && <Badge tone="red">{t("qfile.needsAttention")}</Badge>}
        {candidate.edited && <Badge tone="blue">{t("qfile.edited")}</Badge>}
      </header>
      <MathHtml className="prose-sm text-slate-900" text={candidate.content.stem} />
      {isChoice(candidate.type) && candidate.content.options.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={t("qfile.options")}>
          {candidate.content.options.map((option) => {
            const right = keys.includes(option.id);
            return (
              <li
                key={option.id}
                className={cn(
                  "flex items-start gap-2 rounded-lg border p-2 text-sm",
                  right ? "border-emerald-400 bg-emerald-50" : "border-slate-200",
                )}
              >
                <span className="font-semibold">{option.id.toUpperCase()}.</span>
                <MathSpan text={option} />
                {right && (
                  <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
                    <Check className="h-3 w-3" aria-hidden="true" />
                    {t("qfile.key")}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {candidate.type === "true_false" && "value" in key && (
        <p className="text-sm">
          {t("qfile.key")}: {key.value ? t("qb.true") : t("qb.false")}
        </p>
      )}
      {(candidate.type === "short_text" || candidate.type === "numeric") &&
        "accepted" in key &&
        key.accepted.length > 0 && (
          <p className="text-sm">
            {t("qfile.key")}: {key.accepted.join(" | ")}
          </p>
        )}
      {(candidate.content.explanation.vi || candidate.content.explanation.en) && (
        <details className="rounded-lg bg-slate-50 p-2 text-sm">
          <summary className="cursor-pointer font-medium">{t("qb.explanation")}</summary>
          <MathHtml className="mt-1 [&_img]:max-w-full" text={candidate.content.explanation} />
        </details>
      )}
      {candidate.problems.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={t("qfile.problems")}>
          {candidate.problems.map((problem) => (
            <li
              key={problem.code}
              className={cn(
                "flex items-start gap-2 rounded-lg p-2",
                problem.blocking ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900",
              )}
            >
              {problem.blocking ? (
                <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              ) : (
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              )}
              <span>
                <span className="sr-only">
                  {problem.blocking ? t("qfile.problem") : t("qfile.warning")}:{" "}
                </span>
                {problem.message}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => onSkip(!candidate.skipped)}
          aria-label={t(candidate.skipped ? "qfile.includeRef" : "qfile.skipRef", { ref: candidate.ref })}
        >
          {t(candidate.skipped ? "qfile.include" : "qfile.skip")}
        </Button>
        <Button
          size="sm"
          disabled={busy}
          onClick={onFix}
          aria-label={t("qfile.fixRef", { ref: candidate.ref })}
        >
          {t("qfile.fix")}
        </Button>
      </div>
    </article>
  );
}
