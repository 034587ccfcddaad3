import type { ListingBatch } from "../api/types";

/** When a batch sits, through Intl in the active locale: "12 thg 12, 2026, 08:00 – 10:00". */
export function batchWhen(startsAt: string, expiresAt: string, locale: string): string {
  const start = new Date(startsAt);
  const end = new Date(expiresAt);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return "";
  return end > start ? format.formatRange(start, end) : format.format(start);
}

export type BatchState = "open" | "full" | "ended";

/** A batch's state for a buyer at `now` (ms): ended, full (no free slot) or open. */
export function batchState(batch: ListingBatch, now: number): BatchState {
  if (Date.parse(batch.expires_at) <= now) return "ended";
  return batch.available > 0 ? "open" : "full";
}
