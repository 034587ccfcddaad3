/** <input type="datetime-local"> values <-> the API's ISO UTC timestamps (no milliseconds), and
 * the "later than" rule of the server's periods. */
import { isoNoMillis, toDatetimeLocal } from "@/lib/format";
import type { MessageId } from "@/lib/intl";

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

/** A period whose start and expiry are both required, the expiry later than the start
 * (`later` names that message): reports each problem to `issue`. */
export function checkPeriod(
  v: { starts_at: string; expires_at: string },
  issue: (path: "starts_at" | "expires_at", id: MessageId) => void,
  later: MessageId,
): void {
  if (!v.starts_at) issue("starts_at", "validation.required");
  if (!v.expires_at) issue("expires_at", "validation.required");
  else if (endNotAfter(v.starts_at, v.expires_at)) issue("expires_at", later);
}
