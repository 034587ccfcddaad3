import { useT } from "@/lib/intl";

import type { Batch } from "../api/types";

/** Taken, pending and available slots of a batch as one small bar (read-only figures). */
export function SlotBar({ batch }: { batch: Batch }) {
  const t = useT();
  const total = Math.max(1, batch.slots);
  const part = (n: number) => `${(100 * n) / total}%`;
  return (
    <div
      role="img"
      aria-label={t("tests.batch.bar", {
        taken: batch.taken,
        pending: batch.pending,
        available: batch.available,
        slots: batch.slots,
      })}
      className="flex h-2 w-28 overflow-hidden rounded-full bg-emerald-100"
    >
      <span className="bg-blue-700" style={{ width: part(batch.taken) }} />
      <span className="bg-amber-400" style={{ width: part(batch.pending) }} />
    </div>
  );
}
