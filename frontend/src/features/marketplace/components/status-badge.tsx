import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { isStatus, STATUS_LABEL, STATUS_TONE } from "./labels";

/** A transaction's status (PENDING, COMPLETED, CANCELLED, EXPIRED, FAILED), localized. */
export function StatusBadge({ status, fallback = "" }: { status: string; fallback?: string }) {
  const t = useT();
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        isStatus(status) ? STATUS_TONE[status] : "bg-slate-100 text-slate-700",
      )}
    >
      {isStatus(status) ? t(STATUS_LABEL[status]) : fallback || status}
    </span>
  );
}
