/** The scores of a key correction (decision 0058), before and after ("8,75/10 → 7,50/10"): the ONE
 * place the key correction shows scores. Two units:
 * - `points`: a question's score in points of the question ("1,5/1,5"), as the question is worth;
 * - `scale`: a learner's total on the test's reporting scale, exactly as the learner's result
 *   shows it ("8,75/10"; "7,00/8" for a test in raw points): the `old_scale_score`,
 *   `new_scale_score` and `scale_max` the API sends, written by `formatScore` of `@/lib/score`
 *   (decision 0056; the server converts, this never does).
 * `null`: awaiting an educator's grading. */
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { formatScore } from "@/lib/score";

export type ScoreUnit = "points" | "scale";

export function Score({ value, max, unit }: { value: number | null; max: number; unit: ScoreUnit }) {
  const t = useT();
  const { locale } = useLanguage();
  if (value === null) return <span className="italic text-slate-500">{t("qb.keyFix.waiting")}</span>;
  return (
    <span className="tabular-nums">
      {unit === "scale"
        ? formatScore(value, max, locale)
        : `${formatNumber(value, locale)}/${formatNumber(max, locale)}`}
    </span>
  );
}

/** Before → after; the same score once when nothing changed. */
export function ScoreChange({
  before,
  after,
  max,
  unit,
}: {
  before: number | null;
  after: number | null;
  max: number;
  unit: ScoreUnit;
}) {
  const t = useT();
  if (before === after) return <Score value={before} max={max} unit={unit} />;
  return (
    <span className="inline-flex items-baseline gap-1 whitespace-nowrap">
      <span className="text-slate-500 line-through decoration-slate-400">
        <Score value={before} max={max} unit={unit} />
      </span>
      <span aria-hidden="true">→</span>
      <span className="sr-only">{t("qb.keyFix.becomes")}</span>
      <strong className="font-semibold text-slate-900">
        <Score value={after} max={max} unit={unit} />
      </strong>
    </span>
  );
}
