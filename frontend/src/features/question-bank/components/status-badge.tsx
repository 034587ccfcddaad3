import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { STATUS_STYLE, statusLabel } from "./labels";

/** A question's status as a coloured pill. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLE[status])}>
      {t(statusLabel(status))}
    </span>
  );
}
