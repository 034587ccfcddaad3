/** A numeric answer as the answer sheet's four cells hold it (the national exam's phần III, issue
 * 39, decision 0055): the SPA's twin of `sheet_text` and `sheet_number` in
 * `platform/assessments/matching.py`, the one rule the server scores with. The question form
 * checks accepted values with it as they are typed and the test page refuses what the cells cannot
 * hold. Its parity table, `sheet-number.test.ts`, mirrors the cases of
 * `platform/assessments/tests/test_national_format_matching.py`: change both together. */
import type { MessageId } from "@/lib/intl";

/** Characters a numeric answer may have: the sheet's four cells. */
export const SHEET_CELLS = 4;

/** Why a text is not a sheet number (`SheetNumberError.code` on the server). */
export type SheetNumberCode = "empty" | "too_long" | "bad_character" | "not_a_number";

/** The message of each code, in the catalogues' core (the form and the test page both say it). */
export const SHEET_NUMBER_MESSAGE: Record<SheetNumberCode, MessageId> = {
  empty: "sheetNumber.empty",
  too_long: "sheetNumber.tooLong",
  bad_character: "sheetNumber.badCharacter",
  not_a_number: "sheetNumber.notANumber",
};

/** A character one may type into the cells: a digit, a minus (the Unicode one too) or a decimal
 * mark (the comma, or the point English readers type). */
export function sheetCharacter(char: string): boolean {
  return /^[0-9\-\u2212,.]$/.test(char);
}

/** `text` as the sheet writes it: the Unicode minus becomes "-" and the point the comma; blanks
 * around it dropped. No check. */
export function sheetText(text: string): string {
  return text.trim().replaceAll("\u2212", "-").replaceAll(".", ",");
}

/** Why the cells cannot hold `text`, or null when they can. */
export function sheetNumberError(text: string): SheetNumberCode | null {
  const given = sheetText(text);
  if (!given) return "empty";
  if (given.length > SHEET_CELLS) return "too_long";
  if (/[^0-9\-,]/.test(given)) return "bad_character";
  const body = given.startsWith("-") ? given.slice(1) : given;
  const [whole = "", ...rest] = body.split(",");
  const fraction = rest.join(",");
  if (body.includes("-") || rest.length > 1 || !/^[0-9]+$/.test(whole + fraction)) return "not_a_number";
  return null;
}

/** The decimal `text` means, as its shortest text with a point ("0,5", ".5" and ",5" -> "0.5";
 * "1,50" -> "1.5"; "−2" -> "-2"), so that two answers are equal when these are; null for a text
 * the cells cannot hold (`sheetNumberError`). */
export function sheetNumber(text: string): string | null {
  if (sheetNumberError(text) !== null) return null;
  const given = sheetText(text);
  const negative = given.startsWith("-");
  const [whole = "", fraction = ""] = (negative ? given.slice(1) : given).split(",");
  const integer = whole.replace(/^0+/, "") || "0";
  const decimals = fraction.replace(/0+$/, "");
  const value = decimals ? `${integer}.${decimals}` : integer;
  return negative && value !== "0" ? `-${value}` : value;
}
