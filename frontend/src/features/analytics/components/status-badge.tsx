import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

export const STATUSES = ["COMPLETED", "PENDING", "CANCELLED", "EXPIRED", "FAILED"] as const;

export const STATUS_LABEL: Record<string, MessageId> = {
  COMPLETED: "analytics.status.completed",
  PENDING: "analytics.status.pending",
  CANCELLED: "analytics.status.cancelled",
  EXPIRED: "analytics.status.expired",
  FAILED: "analytics.status.failed",
};

const TONE: Record<string, string> = {
  COMPLETED: "bg-emerald-100 text-emerald-800",
  PENDING: "bg-amber-100 text-amber-800",
  CANCELLED: "bg-slate-100 text-slate-700",
  EXPIRED: "bg-slate-100 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
};

export function StatusBadge({ status, fallback }: { status: string; fallback: string }) {
  const t = useT();
  const label = STATUS_LABEL[status];
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        TONE[status] ?? "bg-slate-100",
      )}
    >
      {label ? t(label) : fallback}
    </span>
  );
}
