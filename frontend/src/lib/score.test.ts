import { describe, expect, it } from "vitest";

import { formatScore, shownScore } from "./score";

describe("a score on its reporting scale (decision 0056)", () => {
  it("writes two decimals the reader's way, and the maximum without trailing zeros", () => {
    expect(formatScore(8.75, 10, "vi-VN")).toBe("8,75/10");
    expect(formatScore(8.75, 10, "en-GB")).toBe("8.75/10");
    expect(formatScore(7.5, 10, "vi-VN")).toBe("7,50/10");
    expect(formatScore(10, 10, "en-GB")).toBe("10.00/10");
    expect(formatScore(17.5, 22.5, "vi-VN")).toBe("17,50/22,5");
    expect(formatScore(1234.5, 1500, "vi-VN")).toBe("1234,50/1500"); // no grouping, as the server
  });

  it("shows nothing while the score is withheld or there is no attempt", () => {
    expect(shownScore({ scale_score: 7.35, scale_max: 10 }, "vi-VN")).toBe("7,35/10");
    expect(shownScore({ scale_score: null, scale_max: 10 }, "vi-VN")).toBeNull();
    expect(shownScore({ scale_score: null, scale_max: null }, "en-GB")).toBeNull();
  });
});
