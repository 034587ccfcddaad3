import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { STATUS_STYLE, statusLabel } from "./labels";

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
