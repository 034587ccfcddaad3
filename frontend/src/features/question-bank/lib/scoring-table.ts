/** A true/false set's scoring table (issue 39, decision 0055): the fraction of the question's
 * points for 0, 1, ... statements judged right. The presets the question form offers are the
 * SPA's twins of `MINISTRY_TABLE` and `default_scoring_table` in
 * `platform/assessments/matching.py`; `scoring-table.test.ts` mirrors
 * `test_default_tables_for_other_counts_are_proportional` there. The server checks an edited
 * table (`scoring_table_error`) and the form shows its message. */

/** The Ministry's table for four statements: 0, 1, 2, 3, 4 right give 0, 0.1, 0.25, 0.5, 1. */
export const MINISTRY_TABLE = ["0", "0.1", "0.25", "0.5", "1"] as const;

/** k/n for k = 0..n, two decimals, half up (3 statements: 0, 0.33, 0.67, 1). */
export function proportionalTable(statements: number): string[] {
  return Array.from({ length: statements + 1 }, (_, right) =>
    String(Math.floor((200 * right + statements) / (2 * statements)) / 100),
  );
}

/** The table a set of `statements` gets unless edited: the Ministry's for four, proportional
 * for any other count (the Ministry publishes none). */
export function defaultScoringTable(statements: number): string[] {
  return statements === MINISTRY_TABLE.length - 1 ? [...MINISTRY_TABLE] : proportionalTable(statements);
}

/** Whether two tables hold the same fractions ("0,5" and "0.50" are equal). */
export function sameTable(a: readonly string[], b: readonly string[]): boolean {
  const value = (f: string) => Number(f.trim().replace(",", "."));
  return a.length === b.length && a.every((f, i) => value(f) === value(b[i]!));
}
