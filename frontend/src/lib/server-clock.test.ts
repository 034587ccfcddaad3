import { afterEach, describe, expect, it, vi } from "vitest";

import {
  clockOffset,
  formatClock,
  hoursMinutes,
  measured,
  noteServerDate,
  resetServerClock,
  serverNow,
  timeLeftMs,
} from "./server-clock";

const MIN = 60_000;

afterEach(() => {
  vi.useRealTimers();
  resetServerClock();
});

describe("server clock", () => {
  it("measures the offset from server_now, taking off half the round trip", () => {
    // the server is 90 s ahead; the request took 200 ms
    const offset = clockOffset(
      "2026-11-22T08:01:30.100Z",
      Date.parse("2026-11-22T08:00:00Z"),
      Date.parse("2026-11-22T08:00:00.200Z"),
    );
    expect(offset).toBe(90_000);
    const local = Date.parse("2026-11-22T08:10:00Z");
    expect(timeLeftMs("2026-11-22T08:45:00Z", offset, local)).toBe(33.5 * MIN);
    expect(timeLeftMs("2026-11-22T08:00:00Z", offset, local)).toBe(0);
  });

  it("adds the measured offset to a response carrying server_now", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-22T08:00:00Z") });
    const answer = await measured(async () => {
      vi.setSystemTime(Date.parse("2026-11-22T08:00:00.400Z"));
      return { server_now: "2026-11-22T07:59:00.200Z", id: 3 };
    });
    expect(answer).toEqual({ server_now: "2026-11-22T07:59:00.200Z", id: 3, clockOffsetMs: -60_000 });
  });

  it("keeps the Date header's offset for the page, and the last one when a header is missing", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T08:00:00Z") });
    noteServerDate("Mon, 23 Nov 2026 08:05:00 GMT");
    expect(new Date(serverNow()).toISOString()).toBe("2026-11-23T08:05:00.000Z");
    noteServerDate(null);
    expect(new Date(serverNow()).toISOString()).toBe("2026-11-23T08:05:00.000Z");
    // sent 2 s before it was received: the header is read as the midpoint's time
    noteServerDate("Mon, 23 Nov 2026 08:05:00 GMT", Date.parse("2026-11-23T07:59:58Z"));
    expect(new Date(serverNow()).toISOString()).toBe("2026-11-23T08:05:01.000Z");
  });

  it("reads mm:ss, and h:mm:ss from an hour", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(59_001)).toBe("01:00");
    expect(formatClock(9 * MIN + 5000)).toBe("09:05");
    expect(formatClock(75 * MIN)).toBe("1:15:00");
  });

  it("splits a wait into hours and minutes, rounding minutes up", () => {
    expect(hoursMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursMinutes(1)).toEqual({ hours: 0, minutes: 1 });
    expect(hoursMinutes(60 * MIN)).toEqual({ hours: 1, minutes: 0 });
    expect(hoursMinutes((2 * 60 + 14) * MIN + 5_000)).toEqual({ hours: 2, minutes: 15 });
  });
});
