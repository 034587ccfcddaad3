/** The test timer runs on the server's clock (`@/lib/server-clock`). Screen readers hear it only
 * when 10, 5 and 1 minutes are left. */
export const ANNOUNCE_MINUTES = [10, 5, 1] as const;

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
