import { describe, expect, it } from "vitest";

import { groupOf } from "./group-of";

describe("notification groups", () => {
  // 22 Nov 2026, 15:00 in Vietnam.
  const now = new Date("2026-11-22T08:00:00Z");

  it("groups by the Vietnam day", () => {
    expect(groupOf("2026-11-21T17:05:00Z", now)).toBe("today"); // 00:05 on the 22nd in Vietnam
    expect(groupOf("2026-11-21T16:55:00Z", now)).toBe("yesterday"); // 23:55 on the 21st
    expect(groupOf("2026-11-20T17:00:00Z", now)).toBe("yesterday"); // 00:00 on the 21st
    expect(groupOf("2026-11-20T16:59:00Z", now)).toBe("last7"); // 23:59 on the 20th
    expect(groupOf("2026-11-15T17:00:00Z", now)).toBe("last7"); // 00:00 on the 16th
    expect(groupOf("2026-11-15T16:59:00Z", now)).toBe("older"); // 23:59 on the 15th
    expect(groupOf("2026-11-01T05:00:00Z", now)).toBe("older");
  });

  it("does not depend on the browser's day", () => {
    // 23:30 UTC on the 21st is already 06:30 on the 22nd in Vietnam.
    expect(groupOf("2026-11-21T23:30:00Z", new Date("2026-11-22T00:10:00Z"))).toBe("today");
  });
});
