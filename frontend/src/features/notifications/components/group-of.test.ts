import { describe, expect, it } from "vitest";

import { groupOf } from "./group-of";

describe("notification groups", () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it("groups by the reader's day", () => {
    expect(groupOf(new Date(2026, 10, 22, 0, 5).toISOString(), now)).toBe("today");
    expect(groupOf(new Date(2026, 10, 21, 23, 0).toISOString(), now)).toBe("yesterday");
    expect(groupOf(new Date(2026, 10, 17, 12, 0).toISOString(), now)).toBe("last7");
    expect(groupOf(new Date(2026, 10, 1, 12, 0).toISOString(), now)).toBe("older");
  });
});
