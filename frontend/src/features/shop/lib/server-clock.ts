/** The server's clock as seen from here: the offset (ms) between the `Date` header of the last
 * transaction response and this device's clock, so that a payment countdown runs on server time
 * even when the device's clock is wrong. One-second precision is enough for a countdown. */
let offsetMs = 0;

export function noteServerDate(header: string | null): void {
  const server = header ? Date.parse(header) : Number.NaN;
  if (!Number.isNaN(server)) offsetMs = server - Date.now();
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests. */
export function resetServerClock(): void {
  offsetMs = 0;
}
