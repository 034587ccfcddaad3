import { useT } from "@/lib/intl";

/** Taken, pending and available slots as one bar, with the figures for screen readers; read-only
 * (slots change only through purchases and assignments). */
export function SlotBar({
  slots,
  available,
  pending,
  taken,
  className = "w-28",
}: {
  slots: number;
  available: number;
  pending: number;
  taken: number;
  className?: string;
}) {
  const t = useT();
  const total = Math.max(1, slots);
  const part = (n: number) => `${(100 * n) / total}%`;
  return (
    <div
      role="img"
      aria-label={t("assignments.slots.bar", { taken, pending, available, slots })}
      className={`flex h-2 overflow-hidden rounded-full bg-emerald-200 ${className}`}
    >
      <span className="bg-blue-700" style={{ width: part(taken) }} />
      <span className="bg-amber-400" style={{ width: part(pending) }} />
    </div>
  );
}

/** The colours of the bar, explained once per page. */
export function SlotLegend() {
  const t = useT();
  const item = (colour: string, label: string) => (
    <span className="inline-flex items-center gap-1.5">
      <span className={`h-2.5 w-2.5 rounded-full ${colour}`} aria-hidden="true" />
      {label}
    </span>
  );
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {item("bg-blue-700", t("assignments.slots.taken"))}
      {item("bg-amber-400", t("assignments.slots.pending"))}
      {item("bg-emerald-200", t("assignments.slots.available"))}
    </p>
  );
}
