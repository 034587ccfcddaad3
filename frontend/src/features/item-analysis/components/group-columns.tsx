/** What the three per-answer tables of an item (options, a true/false set's statements, a
 * numeric answer's wrong answers) share: the numbers of a cell in the reader's format, the
 * upper and lower 27 % groups' column headers, and the explanation of a likely key error. */
import { ItemFlagBadge, useFlagExplanation, type ItemThresholds } from "@/components/item-flags";
import { formatNumber, formatPercent } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

/** A figure's cell and its column header (right-aligned numbers). */
export const FIGURE_CELL = "px-2 py-2 text-right tabular-nums md:px-3";
export const FIGURE_HEAD = "px-2 py-2 text-right font-medium md:px-3";

/** A share as a percent ("—" when there is none) and a count, in the reader's numbers; `counted`
 * writes both as the tables' "all" column does ("35 % (7)"). */
export function useFigureText() {
  const t = useT();
  const { locale } = useLanguage();
  const pct = (value: number | null) => (value === null ? "—" : formatPercent(value, locale));
  const num = (value: number) => formatNumber(value, locale);
  const counted = (share: number | null, count: number) =>
    t("itemAnalysis.options.allValue", { share: pct(share), count: num(count) });
  return { pct, num, counted };
}

/** The upper and the lower group's column headers, each naming its share of the attempts. */
export function GroupHeads({ thresholds }: { thresholds: ItemThresholds }) {
  const t = useT();
  const { locale } = useLanguage();
  const share = formatNumber(thresholds.group_share * 100, locale);
  return (
    <>
      <th scope="col" className={FIGURE_HEAD}>
        {t("itemAnalysis.options.upper", { share })}
      </th>
      <th scope="col" className={FIGURE_HEAD}>
        {t("itemAnalysis.options.lower", { share })}
      </th>
    </>
  );
}

/** Under a table with a row flagged as a likely key error: the flag and what it means. */
export function KeyErrorExplanation({ thresholds }: { thresholds: ItemThresholds }) {
  const explain = useFlagExplanation(thresholds);
  return (
    <p className="flex flex-wrap items-start gap-2 text-sm">
      <ItemFlagBadge flag="likely_key_error" />
      <span className="min-w-0 flex-1 text-slate-700">{explain("likely_key_error")}</span>
    </p>
  );
}
