/** The test timer follows the server's clock: offset = server_now - local time at load; the
 * time left is deadline - (Date.now() + offset). Screen readers hear it only when 10, 5 and 1
 * minutes are left. */
export const ANNOUNCE_MINUTES = [10, 5, 1] as const;

/** The server clock's offset from this device's clock, in ms. `sentAt` and `receivedAt` bracket
 * the request, so half its round trip is taken off. */
export function clockOffset(serverNowIso: string, sentAt: number, receivedAt: number): number {
  const midpoint = sentAt + (receivedAt - sentAt) / 2;
  return new Date(serverNowIso).getTime() - midpoint;
}

export function timeLeftMs(deadlineIso: string, offsetMs: number, now = Date.now()): number {
  return Math.max(0, new Date(deadlineIso).getTime() - (now + offsetMs));
}

/** The threshold (minutes) crossed between two readings of the time left, if any: going from
 * more than 10:00 to 10:00 or less announces 10. When several are crossed at once (the device
 * slept), the smallest one is announced. */
export function crossedThreshold(previousMs: number, currentMs: number): number | null {
  let crossed: number | null = null;
  for (const minutes of ANNOUNCE_MINUTES) {
    const at = minutes * 60_000;
    if (previousMs > at && currentMs <= at) crossed = minutes;
  }
  return crossed;
}

/** "mm:ss", or "h:mm:ss" from one hour. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** Whole hours and minutes of a wait, minutes rounded up (so a wait is never shown as 0 min). */
export function hoursMinutes(ms: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
