import { describe, expect, it } from "vitest";

import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatDateTimeRange,
  formatMonth,
  formatShortDay,
  formatTime,
  vietnamDay,
  vietnamDaysBetween,
  weekdayNames,
} from "./format";

// 01:00 UTC is 08:00 in Vietnam, whatever zone the browser (or this test run) is in.
const BATCH = "2026-11-28T01:00:00Z";

describe("dates in Vietnam time with the server's patterns (decision 0013)", () => {
  it("formats a date and time", () => {
    expect(formatDateTime(BATCH, "vi-VN")).toBe("08:00 28/11/2026");
    expect(formatDateTime(BATCH, "en-GB")).toBe("28 Nov 2026, 08:00");
    expect(formatDateTime(new Date(BATCH), "vi-VN")).toBe("08:00 28/11/2026");
  });

  it("formats a time of day and a span of time", () => {
    expect(formatTime(BATCH)).toBe("08:00");
    expect(formatTime("2026-11-28T01:00:05.900Z", { seconds: true })).toBe("08:00:05");
    expect(formatDateTimeRange(BATCH, "2026-11-28T03:00:00Z", "vi-VN")).toBe("08:00 – 10:00 28/11/2026");
    expect(formatDateTimeRange(BATCH, "2026-11-28T03:00:00Z", "en-GB")).toBe("28 Nov 2026, 08:00 – 10:00");
    expect(formatDateTimeRange(BATCH, "2026-11-28T17:30:00Z", "vi-VN")).toBe(
      "08:00 28/11/2026 – 00:30 29/11/2026",
    );
    expect(formatDateTimeRange(BATCH, BATCH, "en-GB")).toBe("28 Nov 2026, 08:00");
    expect(formatDateTimeRange("x", BATCH, "en-GB")).toBe("");
  });

  it("pads single digits and uses 00 for midnight", () => {
    expect(formatDateTime("2026-03-04T17:05:00Z", "vi-VN")).toBe("00:05 05/03/2026");
    expect(formatDateTime("2026-03-04T17:05:00Z", "en-GB")).toBe("5 Mar 2026, 00:05");
  });

  it("formats the Vietnam day, which may be the next UTC day", () => {
    expect(formatDate("2026-11-27T18:30:00Z", "vi-VN")).toBe("28/11/2026");
    expect(formatDate("2026-11-27T18:30:00Z", "en-GB")).toBe("28 Nov 2026");
    expect(formatDate("2026-11-27T16:59:00Z", "vi-VN")).toBe("27/11/2026");
  });

  it("takes a calendar day as that day", () => {
    expect(formatDate("2026-01-02", "vi-VN")).toBe("02/01/2026");
    expect(formatDate("2026-01-02", "en-GB")).toBe("2 Jan 2026");
    expect(formatShortDay("2026-11-28", "vi-VN")).toBe("28/11");
    expect(formatShortDay("2026-11-28", "en-GB")).toBe("28 Nov");
    expect(formatMonth("2026-11-01", "vi-VN")).toBe("11/2026");
    expect(formatMonth("2026-11-01", "en-GB")).toBe("Nov 2026");
  });

  it("counts Vietnam days", () => {
    expect(vietnamDay("2026-11-27T17:00:00Z")).toBe("2026-11-28");
    expect(vietnamDaysBetween("2026-11-27T16:59:00Z", "2026-11-27T17:00:00Z")).toBe(1);
    expect(vietnamDaysBetween("2026-11-27T17:00:00Z", "2026-11-28T16:59:00Z")).toBe(0);
  });

  it("names the weekdays from Monday", () => {
    expect(weekdayNames("en-GB")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(weekdayNames("vi-VN")).toEqual(["Thứ 2", "Thứ 3", "Thứ 4", "Thứ 5", "Thứ 6", "Thứ 7", "CN"]);
  });
});

describe("formatNumber: the one number formatter, per locale (issue 18)", () => {
  it("uses the locale's decimal separator and at most two decimals", () => {
    expect(formatNumber(43.8, "vi-VN")).toBe("43,8");
    expect(formatNumber(43.8, "en-GB")).toBe("43.8");
    expect(formatNumber(2 / 3, "vi-VN")).toBe("0,67");
    expect(formatNumber(100, "vi-VN")).toBe("100");
    expect(formatNumber(1234.5, "vi-VN")).toBe("1.234,5");
    expect(formatNumber(1234.5, "en-GB")).toBe("1,234.5");
  });
});

describe("formatPercent: a fraction as a whole percent (issue 19, distractor shares)", () => {
  it("rounds to a whole percent in the locale's format", () => {
    expect(formatPercent(0.6667, "vi-VN")).toBe("67%");
    expect(formatPercent(0.6667, "en-GB")).toBe("67%");
    expect(formatPercent(0, "vi-VN")).toBe("0%");
    expect(formatPercent(12.345, "vi-VN")).toBe("1.235%");
    expect(formatPercent(12.345, "en-GB")).toBe("1,235%");
  });
});
