import { afterEach, describe, expect, it, vi } from "vitest";

import { formatRemaining } from "../components/countdown";
import { noteServerDate, resetServerClock, serverNow } from "./server-clock";

describe("server clock and countdown", () => {
  afterEach(() => {
    resetServerClock();
    vi.useRealTimers();
  });

  it("runs on the server's clock when the device's is wrong", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-23T08:00:00Z")); // the device is 5 minutes behind
    noteServerDate("Mon, 23 Nov 2026 08:05:00 GMT");
    expect(new Date(serverNow()).toISOString()).toBe("2026-11-23T08:05:00.000Z");
    noteServerDate(null); // no header: the last offset stays
    expect(new Date(serverNow()).toISOString()).toBe("2026-11-23T08:05:00.000Z");
  });

  it("formats what is left as mm:ss, or h:mm:ss past an hour", () => {
    expect(formatRemaining(29 * 60_000 + 5_000)).toBe("29:05");
    expect(formatRemaining(999)).toBe("00:01");
    expect(formatRemaining(3_729_000)).toBe("1:02:09");
  });
});
