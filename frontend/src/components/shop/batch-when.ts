import type { V1Schemas } from "@/lib/api/types";

/** When a batch sits, through Intl in the active locale: "12 thg 12, 2026, 08:00 – 10:00". */
export function batchWhen(startsAt: string, expiresAt: string, locale: string): string {
  const start = new Date(startsAt);
  const end = new Date(expiresAt);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return "";
  return end > start ? format.formatRange(start, end) : format.format(start);
}

/** A batch of a listing as the marketplace API describes it (`ListingOut.batches`): its slots
 * and free slots (`available`) now. */
export type ListingBatch = V1Schemas["ListingBatchOut"];
