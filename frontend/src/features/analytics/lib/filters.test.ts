import { describe, expect, it } from "vitest";

import { defaultRange } from "./filters";

describe("the default date range", () => {
  it("is the last 30 Vietnam days, today included, whatever the browser's zone", () => {
    // 18:30 UTC on 31 March is already 1 April (01:30) in Vietnam.
    expect(defaultRange(new Date("2026-03-31T18:30:00Z"))).toEqual({ from: "2026-03-03", to: "2026-04-01" });
    expect(defaultRange(new Date("2026-03-31T16:00:00Z"))).toEqual({ from: "2026-03-02", to: "2026-03-31" });
  });
});
