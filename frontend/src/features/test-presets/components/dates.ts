/** <input type="datetime-local"> values <-> the API's ISO UTC timestamps (no milliseconds). */
import { isoNoMillis, toDatetimeLocal } from "@/lib/format";

export function localFromIso(iso: string | null | undefined): string {
  return iso ? toDatetimeLocal(new Date(iso)) : "";
}

export function isoFromLocal(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : isoNoMillis(date);
}

/** True when both are set and `end` is not later than `start` (the "later than" rule). */
export function endNotAfter(start: string, end: string): boolean {
  if (!start || !end) return false;
  return new Date(end).getTime() <= new Date(start).getTime();
}
