/** Parity with the server's rule (issue 39, decision 0055): these tables are the cases of
 * `platform/assessments/tests/test_national_format_matching.py` (`test_sheet_numbers_read_as_decimals`,
 * `test_what_the_sheet_cannot_hold_is_refused_with_its_reason`,
 * `test_numeric_answers_match_any_accepted_value`), row for row: keep the two files identical. */
import { describe, expect, it } from "vitest";

import { sheetCharacter, sheetNumber, sheetNumberError, sheetText } from "./sheet-number";

const READ: [string, string][] = [
  ["0,5", "0.5"],
  ["0.5", "0.5"],
  [",5", "0.5"],
  [".5", "0.5"],
  ["1,50", "1.5"],
  ["1,5", "1.5"],
  ["12", "12"],
  ["1234", "1234"],
  ["-2", "-2"],
  ["\u22122", "-2"],
  ["-0,5", "-0.5"],
  ["-,5", "-0.5"],
  [" 3 ", "3"],
  ["007", "7"],
  ["5,", "5"],
];

const REFUSED: [string, string][] = [
  ["", "empty"],
  ["   ", "empty"],
  ["12345", "too_long"],
  ["-1,25", "too_long"],
  ["1e3", "bad_character"],
  ["abc", "bad_character"],
  ["1/2", "bad_character"],
  ["+1", "bad_character"],
  ["1,2,", "not_a_number"],
  ["--1", "not_a_number"],
  ["1-", "not_a_number"],
  ["-", "not_a_number"],
  [",", "not_a_number"],
  ["1,,", "not_a_number"],
];

const MATCHES: [string, string[], boolean][] = [
  ["0,5", ["0,5"], true],
  ["0.5", ["0,5"], true],
  [",5", ["0,5"], true],
  ["1,50", ["1,5"], true],
  ["\u22123", ["-3"], true],
  ["2", ["-2", "2"], true],
  ["0,6", ["0,5"], false],
  ["", ["0"], false],
  ["abc", ["0,5"], false],
  ["0,5", ["bad", "0,5"], true],
];

/** `numeric_matches`, as the twin would compare (the SPA never scores; this checks equality). */
function matches(answer: string, accepted: string[]): boolean {
  const given = sheetNumber(answer);
  return given !== null && accepted.some((value) => sheetNumber(value) === given);
}

describe("sheet numbers (twin of assessments.matching.sheet_number)", () => {
  it.each(READ)("reads %j as %s", (text, value) => {
    expect(sheetNumberError(text)).toBeNull();
    expect(sheetNumber(text)).toBe(value);
  });

  it.each(REFUSED)("refuses %j: %s", (text, code) => {
    expect(sheetNumberError(text)).toBe(code);
    expect(sheetNumber(text)).toBeNull();
  });

  it.each(MATCHES)("compares %j with %j: %s", (answer, accepted, expected) => {
    expect(matches(answer, accepted)).toBe(expected);
  });

  it("writes the text as the sheet does and knows the characters one may type", () => {
    expect(sheetText(" \u22120.5 ")).toBe("-0,5");
    expect(["1", "-", "\u2212", ",", "."].every(sheetCharacter)).toBe(true);
    expect(["a", "e", "+", " ", "/"].some(sheetCharacter)).toBe(false);
  });
});
