/** The key of a key correction after the exam (issue 39 item 2; decision 0058): the key as the
 * server sends it (`CorrectionKeyOut`) -> the correction dialog's draft -> the key as sent (the
 * stored shape of the question's type), for every auto-scored type: single and multiple choice,
 * true/false, short text, true/false set (phần II, each statement Đúng/Sai and the scoring
 * table) and numeric (phần III, accepted sheet numbers). */
import type { CorrectionKey } from "../api/get-key-corrections";
import type { KeyBody } from "../api/preview-key-correction";

export interface KeyDraft {
  option: string;
  options: string[];
  /** true/false: "" until chosen. */
  value: "" | "true" | "false";
  /** short text, one accepted answer a line. */
  accepted: string;
  caseSensitive: boolean;
  diacriticSensitive: boolean;
  /** true/false set: each statement's truth by its id (missing: not judged). */
  statements: Record<string, boolean>;
  /** true/false set: one fraction per count of statements right, as typed ("0,25"). */
  scoringTable: string[];
  /** numeric: one accepted number a line, as the sheet writes it ("-0,5"). */
  numbers: string;
}

/** A fraction as the reader writes it: the decimal comma in Vietnamese ("0.25" -> "0,25"). */
const localDecimal = (value: string, language: string) =>
  language === "vi" ? value.replace(".", ",") : value;

/** The dialog's draft for the version's current key. */
export function draftOf(type: string, key: CorrectionKey, language: string): KeyDraft {
  const statements: Record<string, boolean> = {};
  for (const s of key.statements ?? []) statements[s.id] = s.value;
  return {
    option: key.option ?? "",
    options: [...(key.options ?? [])],
    value: key.value === undefined ? "" : key.value ? "true" : "false",
    accepted: type === "short_text" ? (key.accepted ?? []).join("\n") : "",
    caseSensitive: key.case_sensitive ?? false,
    diacriticSensitive: key.diacritic_sensitive ?? false,
    statements,
    scoringTable: (key.scoring_table ?? []).map((f) => localDecimal(f, language)),
    numbers: type === "numeric" ? (key.accepted ?? []).join("\n") : "",
  };
}

/** A true/false set's statements are labelled a), b)... in their order (never shuffled). */
export const STATEMENT_LETTERS = "abcdef";

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The key to send for the draft (the server checks it as the question form does). */
export function keyBody(type: string, draft: KeyDraft): KeyBody {
  switch (type) {
    case "single_choice":
      return { option: draft.option };
    case "multiple_choice":
      return { options: draft.options };
    case "true_false":
      return draft.value === "" ? { value: null } : { value: draft.value === "true" };
    case "short_text":
      return {
        accepted: lines(draft.accepted),
        case_sensitive: draft.caseSensitive,
        diacritic_sensitive: draft.diacriticSensitive,
      };
    case "true_false_set":
      return { statements: draft.statements, scoring_table: draft.scoringTable.map((f) => f.trim()) };
    case "numeric":
      return { accepted: lines(draft.numbers) };
    default:
      return {};
  }
}

/** Where the dialog shows a server field error: the key's fields, or the reason. */
export function errorField(serverField: string): "key" | "reason" | null {
  if (serverField === "reason") return "reason";
  return serverField === "answer_key" || serverField.startsWith("answer_key.") ? "key" : null;
}

/** A short text of a key for the history ("b", "a, c", "Đúng", "Hà Nội; Huế", "a) Đúng, b) Sai",
 * "-0,5"); `truth` names true and false in the reader's language. */
export function keyText(type: string, key: CorrectionKey, truth: { true: string; false: string }): string {
  switch (type) {
    case "single_choice":
      return key.option ?? "—";
    case "multiple_choice":
      return (key.options ?? []).join(", ") || "—";
    case "true_false":
      return key.value === undefined ? "—" : key.value ? truth.true : truth.false;
    case "true_false_set":
      return (key.statements ?? [])
        .map((s, i) => `${STATEMENT_LETTERS[i] ?? s.id}) ${s.value ? truth.true : truth.false}`)
        .join(", ");
    default:
      return (key.accepted ?? []).join("; ") || "—";
  }
}
