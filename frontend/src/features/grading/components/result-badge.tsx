import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { RESULT_LABEL, RESULT_STYLE } from "./labels";

export function ResultBadge({ result }: { result: string | null }) {
  const t = useT();
  if (!result) return <span className="text-slate-400">—</span>;
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        RESULT_STYLE[result] ?? "bg-slate-100 text-slate-700",
      )}
    >
      {RESULT_LABEL[result] ? t(RESULT_LABEL[result]) : result}
    </span>
  );
}

/** The marker of an attempt a withdrawal of consent ended (issue 37, item 6): the learner's or
 * the parent's withdrawal submitted what was saved; the title says why in full. */
export function ConsentWithdrawnBadge({ reason }: { reason: string | null | undefined }) {
  const t = useT();
  if (reason !== "consent_withdrawn") return null;
  return (
    <span
      title={t("grading.submitReason.consent_withdrawn")}
      className="inline-flex w-fit whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
    >
      {t("grading.consentWithdrawn")}
    </span>
  );
}

/** The "voided" marker of a result voided for tab switches. */
export function VoidedBadge() {
  const t = useT();
  return (
    <span className="inline-flex w-fit whitespace-nowrap rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      {t("grading.voided")}
    </span>
  );
}
