/** The server's clock as seen from this device, and countdowns that run on it (the test timer,
 * the survey's time limit, the payment window, the report's next generation). A device's clock
 * may be minutes off; every deadline the server sends is compared with server time, never with
 * `Date.now()` alone. Issue 22 (one module for the three clocks that existed).
 *
 * - `clockOffset` measures the offset from a response's `server_now` (ISO, ms precision),
 *   taking off half the request's round trip;
 * - `measured` wraps a request and returns its data with that offset;
 * - `noteServerDate` keeps a page-wide offset from a response's `Date` header (1 s precision),
 *   read by `serverNow()` where no `server_now` is sent (the transaction page). */
import { useEffect, useRef, useState } from "react";

import type { RequestTiming } from "./api-client";

/** The server clock's offset from this device's clock, in ms. `sentAt` and `receivedAt` bracket
 * the request, so half its round trip is taken off. */
export function clockOffset(serverNowIso: string, sentAt: number, receivedAt: number): number {
  const midpoint = sentAt + (receivedAt - sentAt) / 2;
  return new Date(serverNowIso).getTime() - midpoint;
}

/** Runs `request` (whose answer carries `server_now`) and adds the measured `clockOffsetMs`.
 * `request` may pass `timing` on to the API client (`onTiming`): the offset is then measured
 * around the request that brought the answer, which index.html's script may have sent long
 * before (early-fetch.ts); else around the call itself. */
export async function measured<T extends { server_now: string }>(
  request: (timing: RequestTiming) => Promise<T>,
): Promise<T & { clockOffsetMs: number }> {
  let sentAt = Date.now();
  let receivedAt: number | undefined;
  const data = await request((sent, received) => {
    sentAt = sent;
    receivedAt = received;
  });
  return { ...data, clockOffsetMs: clockOffset(data.server_now, sentAt, receivedAt ?? Date.now()) };
}

/** Milliseconds until `deadlineIso` by the server's clock (0 once it has passed). */
export function timeLeftMs(deadlineIso: string, offsetMs: number, now = Date.now()): number {
  return Math.max(0, new Date(deadlineIso).getTime() - (now + offsetMs));
}

let pageOffsetMs = 0;

/** Keep the offset given by a response's `Date` header (with the request's send time when known,
 * to take off half the round trip); a missing or unreadable header keeps the last offset. */
export function noteServerDate(header: string | null, sentAt?: number, receivedAt = Date.now()): void {
  const server = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(server)) return;
  pageOffsetMs = server - (sentAt === undefined ? receivedAt : sentAt + (receivedAt - sentAt) / 2);
}

/** The offset kept by `noteServerDate` (ms). */
export function pageClockOffset(): number {
  return pageOffsetMs;
}

/** Now on the server's clock (ms since the epoch), by the page-wide offset. */
export function serverNow(): number {
  return Date.now() + pageOffsetMs;
}

/** For tests. */
export function resetServerClock(): void {
  pageOffsetMs = 0;
}

/** Milliseconds left until `deadlineIso` by the server's clock (offset `offsetMs`; the page-wide
 * one when omitted), updated every second; null without a deadline. `onTick(previous, current)`
 * runs on each update (for announcements), and `onExpire` once when it reaches 0. */
export function useCountdown(
  deadlineIso: string | null | undefined,
  {
    offsetMs,
    onTick,
    onExpire,
  }: {
    offsetMs?: number;
    onTick?: (previousMs: number, currentMs: number) => void;
    onExpire?: () => void;
  } = {},
): number | null {
  const offset = offsetMs ?? pageOffsetMs;
  const [left, setLeft] = useState(() => (deadlineIso ? timeLeftMs(deadlineIso, offset) : null));
  const handlers = useRef({ onTick, onExpire });
  handlers.current = { onTick, onExpire };
  useEffect(() => {
    if (!deadlineIso) {
      setLeft(null);
      return;
    }
    let previous = timeLeftMs(deadlineIso, offset);
    let expired = false;
    const tick = () => {
      const current = timeLeftMs(deadlineIso, offset);
      handlers.current.onTick?.(previous, current);
      previous = current;
      setLeft(current);
      if (current <= 0 && !expired) {
        expired = true;
        handlers.current.onExpire?.();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadlineIso, offset]);
  return left;
}

/** "mm:ss", or "h:mm:ss" from one hour; seconds rounded up (so 0:00 means the time is up). */
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
