/** When a batch sits, through Intl in the active locale: "12 thg 12, 2026, 08:00 – 10:00". */
export function batchWhen(startsAt: string, expiresAt: string, locale: string): string {
  const start = new Date(startsAt);
  const end = new Date(expiresAt);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return "";
  return end > start ? format.formatRange(start, end) : format.format(start);
}

/** A batch of a listing as the marketplace API describes it (`ListingOut.batches`). */
export interface ListingBatch {
  id: number;
  name: string;
  starts_at: string;
  expires_at: string;
  /** Free slots now. */
  available: number;
  slots: number | null;
}

/** The listing's batches, read defensively from the API's loosely typed dictionaries. */
export function listingBatches(raw: ReadonlyArray<Record<string, unknown>>): ListingBatch[] {
  return raw
    .filter((b) => typeof b.id === "number")
    .map((b) => ({
      id: b.id as number,
      name: typeof b.name === "string" ? b.name : "",
      starts_at: String(b.starts_at ?? ""),
      expires_at: String(b.expires_at ?? ""),
      available: typeof b.available === "number" ? b.available : 0,
      slots: typeof b.slots === "number" ? b.slots : null,
    }));
}
