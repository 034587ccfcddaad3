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

/** The "voided" marker of a result voided for tab switches. */
export function VoidedBadge() {
  const t = useT();
  return (
    <span className="inline-flex w-fit whitespace-nowrap rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      {t("grading.voided")}
    </span>
  );
}
