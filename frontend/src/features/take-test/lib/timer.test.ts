import { describe, expect, it } from "vitest";

import { clockOffset, crossedThreshold, formatClock, hoursMinutes, timeLeftMs } from "./timer";

const MIN = 60_000;

describe("test timer", () => {
  it("follows the server's clock", () => {
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

  it("announces only at 10, 5 and 1 minutes left", () => {
    const announced: number[] = [];
    let previous = 12 * MIN;
    for (let left = previous - 1000; left >= 0; left -= 1000) {
      const crossed = crossedThreshold(previous, left);
      if (crossed !== null) announced.push(crossed);
      previous = left;
    }
    expect(announced).toEqual([10, 5, 1]);
    expect(crossedThreshold(10 * MIN + 500, 10 * MIN)).toBe(10);
    expect(crossedThreshold(10 * MIN, 9 * MIN)).toBeNull(); // already announced
    expect(crossedThreshold(11 * MIN, 30_000)).toBe(1); // the device slept: the nearest one
    expect(crossedThreshold(4 * MIN, 3 * MIN)).toBeNull();
  });

  it("reads mm:ss, and h:mm:ss from an hour", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(59_001)).toBe("01:00");
    expect(formatClock(9 * MIN + 5000)).toBe("09:05");
    expect(formatClock(75 * MIN)).toBe("1:15:00");
  });
});

describe("report wait", () => {
  it("splits a wait into hours and minutes, rounding minutes up", () => {
    expect(hoursMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursMinutes(1)).toEqual({ hours: 0, minutes: 1 });
    expect(hoursMinutes(59 * 60_000)).toEqual({ hours: 0, minutes: 59 });
    expect(hoursMinutes(60 * 60_000)).toEqual({ hours: 1, minutes: 0 });
    expect(hoursMinutes((2 * 60 + 14) * 60_000 + 5_000)).toEqual({ hours: 2, minutes: 15 });
    expect(hoursMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
  });
});
