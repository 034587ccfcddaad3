import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { STATUS_STYLE, statusLabel } from "./labels";

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        STATUS_STYLE[status] ?? "bg-slate-100 text-slate-700",
      )}
    >
      {t(statusLabel(status))}
    </span>
  );
}
