import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { RESULT_STYLE, resultLabel, STATUS_STYLE, statusLabel } from "./labels";

/** Not started / in progress / submitted / graded. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        STATUS_STYLE[status] ?? STATUS_STYLE.assigned,
      )}
    >
      {t(statusLabel(status))}
    </span>
  );
}

/** Pending / passed / failed; ``md`` on the result and report pages, ``sm`` in tables. */
export function ResultBadge({
  result,
  size = "sm",
}: {
  result: string | null | undefined;
  size?: "sm" | "md";
}) {
  const t = useT();
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full font-medium",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        RESULT_STYLE[result ?? "pending"] ?? RESULT_STYLE.pending,
      )}
    >
      {t(resultLabel(result))}
    </span>
  );
}
