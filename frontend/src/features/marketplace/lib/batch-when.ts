import { formatDateTimeRange } from "@/lib/format";

import type { ListingBatch } from "../api/types";

/** When a batch sits, in Vietnam time: vi "08:00 – 10:00 12/12/2026", en "12 Dec 2026, 08:00 –
 * 10:00" (lib/format). */
export function batchWhen(startsAt: string, expiresAt: string, locale: string): string {
  return formatDateTimeRange(startsAt, expiresAt, locale);
}

export type BatchState = "open" | "full" | "ended";

/** A batch's state for a buyer at `now` (ms): ended, full (no free slot) or open. */
export function batchState(batch: ListingBatch, now: number): BatchState {
  if (Date.parse(batch.expires_at) <= now) return "ended";
  return batch.available > 0 ? "open" : "full";
}
