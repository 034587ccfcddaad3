/** A score in points of its maximum ("5,5/7"), and a score before and after a key correction
 * ("7/7 → 5,5/7"): the ONE place the key correction shows scores (decision 0058), so that a
 * preset's reporting scale changes them here only. `null`: awaiting an educator's grading. */
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

export function Score({ value, max }: { value: number | null; max: number }) {
  const t = useT();
  const { locale } = useLanguage();
  if (value === null) return <span className="italic text-slate-500">{t("qb.keyFix.waiting")}</span>;
  return (
    <span className="tabular-nums">
      {formatNumber(value, locale)}/{formatNumber(max, locale)}
    </span>
  );
}

/** Before → after; the same score once when nothing changed. */
export function ScoreChange({
  before,
  after,
  max,
}: {
  before: number | null;
  after: number | null;
  max: number;
}) {
  const t = useT();
  if (before === after) return <Score value={before} max={max} />;
  return (
    <span className="inline-flex items-baseline gap-1 whitespace-nowrap">
      <span className="text-slate-500 line-through decoration-slate-400">
        <Score value={before} max={max} />
      </span>
      <span aria-hidden="true">→</span>
      <span className="sr-only">{t("qb.keyFix.becomes")}</span>
      <strong className="font-semibold text-slate-900">
        <Score value={after} max={max} />
      </strong>
    </span>
  );
}
