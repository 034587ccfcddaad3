/** Parity with `platform/assessments/tests/test_national_format_matching.py`
 * (`test_default_tables_for_other_counts_are_proportional`): keep the rows identical. */
import { describe, expect, it } from "vitest";

import { defaultScoringTable, MINISTRY_TABLE, proportionalTable, sameTable } from "./scoring-table";

describe("scoring tables (twin of assessments.matching.default_scoring_table)", () => {
  it.each([
    [4, ["0", "0.1", "0.25", "0.5", "1"]],
    [2, ["0", "0.5", "1"]],
    [3, ["0", "0.33", "0.67", "1"]],
    [6, ["0", "0.17", "0.33", "0.5", "0.67", "0.83", "1"]],
  ])("the default for %i statements", (count, table) => {
    expect(defaultScoringTable(count)).toEqual(table);
  });

  it("offers the Ministry's and the proportional tables", () => {
    expect([...MINISTRY_TABLE]).toEqual(["0", "0.1", "0.25", "0.5", "1"]);
    expect(proportionalTable(4)).toEqual(["0", "0.25", "0.5", "0.75", "1"]);
    expect(proportionalTable(5)).toEqual(["0", "0.2", "0.4", "0.6", "0.8", "1"]);
    expect(sameTable(["0", "0,25", "0.50", "0.75", "1"], proportionalTable(4))).toBe(true);
    expect(sameTable(["0", "0.25"], proportionalTable(4))).toBe(false);
  });
});
