/** A score on its test's reporting scale as the page writes it (issue 39 item 2; decision 0056):
 * vi "8,75/10", en "8.75/10". The one place the SPA writes a score: every screen that shows one
 * (the result, the learner's list, the gradebook, the results pages, the advanced report, the item
 * analysis) calls it with the `scale_score` and `scale_max` the API sends. The conversion from raw
 * points is the server's (`assessments.scale.to_scale`); this never converts. Its twin on the server
 * is `config.i18n.format_score`. */

/** What an API row carries of a score to show: the score on the scale (null while withheld or
 * waiting for grading) and the scale's maximum (null before an attempt). */
export interface ScoreOnScale {
  scale_score: number | null;
  scale_max: number | null;
}

const twoDecimals = (locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
const upToTwo = (locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });

/** `score` with two decimals, a slash, `max` without trailing zeros: `formatScore(7.5, 10, "vi-VN")`
 * is "7,50/10", `formatScore(110.25, 150, "en-GB")` "110.25/150". */
export function formatScore(score: number, max: number, locale: string): string {
  return `${twoDecimals(locale).format(score)}/${upToTwo(locale).format(max)}`;
}

/** A row's score as text, or null when it has none to show (withheld, pending, not started). */
export function shownScore(row: ScoreOnScale, locale: string): string | null {
  if (row.scale_score === null || row.scale_max === null) return null;
  return formatScore(row.scale_score, row.scale_max, locale);
}

/** A row's score as a table cell: the score ("7,35/10"), "—/10" while it is withheld or waits for
 * grading, "—" without an attempt. */
export function scoreCell(row: ScoreOnScale, locale: string): string {
  if (row.scale_max === null) return "—";
  return shownScore(row, locale) ?? `—/${upToTwo(locale).format(row.scale_max)}`;
}
