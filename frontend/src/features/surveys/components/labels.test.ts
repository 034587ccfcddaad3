/** Issue 18 (WCAG 1.4.3): the groups' text colours read 4.5:1 on the white cards they sit on; the
 * chart's -600 fills (green, orange and cyan under 4.5:1) are not used for text. */
import { describe, expect, it } from "vitest";

import { contrast } from "@/testing/contrast";

import { RIASEC } from "../api/types";
import { GROUP_TEXT } from "./labels";

describe("group text colours", () => {
  it.each(RIASEC)("draws %s's name at least 4.5:1 on white", (code) => {
    expect(GROUP_TEXT[code]).toMatch(/^text-[a-z]+-\d+$/);
    expect(contrast(GROUP_TEXT[code].slice("text-".length), "white")).toBeGreaterThanOrEqual(4.5);
  });

  it("would not with the chart's fills for S, E and C", () => {
    for (const fill of ["green-600", "orange-600", "cyan-600"])
      expect(contrast(fill, "white")).toBeLessThan(4.5);
  });
});
