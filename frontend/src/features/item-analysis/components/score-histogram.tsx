/** The score distribution of an item analysis (recharts), with a screen-reader table of the same
 * bins. Whole-score bins are labelled by their score ("7"), others by their range ("7,5–8,5"). */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { HistogramBin } from "../api/types";

const BLUE = "#1d4ed8";

/** One bin per whole score: [s, s + 1) up to the maximum + 1 (decision 0017). */
function wholeScores(bins: HistogramBin[], maxScore: number | null): boolean {
  const last = bins.at(-1);
  return (
    !!last &&
    maxScore !== null &&
    last.upper === maxScore + 1 &&
    bins.every((b) => b.upper - b.lower === 1 && Number.isInteger(b.lower))
  );
}

export function ScoreHistogram({ bins, maxScore }: { bins: HistogramBin[]; maxScore: number | null }) {
  const t = useT();
  const { locale } = useLanguage();
  const whole = wholeScores(bins, maxScore);
  const label = (b: HistogramBin) =>
    whole
      ? formatNumber(b.lower, locale)
      : t("itemAnalysis.histogram.range", {
          lower: formatNumber(b.lower, locale),
          upper: formatNumber(b.upper, locale),
        });
  const data = bins.map((b) => ({ label: label(b), count: b.count }));
  const title = t("itemAnalysis.histogram.title");
  return (
    <figure className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      {/* Hidden from assistive technology (the table below reads the same bins), so not
          focusable either: no keyboard layer on the chart (axe aria-hidden-focus). */}
      <div className="h-60" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
            <Tooltip
              formatter={(value) => [formatNumber(Number(value), locale), t("itemAnalysis.histogram.count")]}
            />
            <Bar isAnimationActive={false} dataKey="count" fill={BLUE} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="text-xs text-slate-600">{t("itemAnalysis.histogram.note")}</p>
      {/* sr-only on a wrapper: a table sizes to its content and would widen the page on phones. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("itemAnalysis.histogram.score")}</th>
              <th scope="col">{t("itemAnalysis.histogram.count")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{formatNumber(d.count, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
