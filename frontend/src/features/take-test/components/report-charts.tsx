/** The advanced report's charts (recharts): the learner against the cohort by cluster, and the
 * takers' score distribution with the learner's band marked. Each chart has a title and a table
 * of its figures for screen readers (the drawing itself is hidden from them). */
import { useId, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { Select } from "@/components/ui/field";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import type { AdvancedReportData, BreakdownDimension } from "../api/types";

const BLUE = "#1d4ed8";
const GREY = "#94a3b8";
const AMBER = "#f59e0b";

const DIMENSIONS: { key: BreakdownDimension; label: MessageId }[] = [
  { key: "topic", label: "takeTest.breakdown.topic" },
  { key: "subject", label: "takeTest.breakdown.subject" },
  { key: "complexity_level", label: "takeTest.breakdown.complexity" },
  { key: "cognitive_domain", label: "takeTest.breakdown.cognitive" },
];

const short = (name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name);

/** The learner's share of each cluster's points against the cohort's mean share, in percent. */
export function CohortChart({ report }: { report: AdvancedReportData }) {
  const t = useT();
  const { locale } = useLanguage();
  const selectId = useId();
  const shown = DIMENSIONS.filter((d) => (report.breakdown[d.key] ?? []).length > 0);
  const [picked, setPicked] = useState<BreakdownDimension>(shown[0]?.key ?? "topic");
  const dimension = shown.find((d) => d.key === picked) ?? shown[0];
  if (!dimension) return null;
  const rows = report.breakdown[dimension.key] ?? [];
  const number = (n: number) => formatNumber(n, locale, 1);
  const you = t("takeTest.report.you");
  const cohort = t("takeTest.report.cohort");
  const data = rows.map((r) => ({ name: short(r.name), you: r.percent, cohort: r.cohort_percent }));
  const title = t("takeTest.report.cohortChart");
  return (
    <figure
      aria-labelledby={`${selectId}-title`}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <figcaption id={`${selectId}-title`} className="text-sm font-semibold text-slate-800">
          {title}
        </figcaption>
        {shown.length > 1 && (
          <div className="grid gap-1">
            <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
              {t("takeTest.report.groupBy")}
            </label>
            <Select
              id={selectId}
              value={dimension.key}
              onChange={(e) => setPicked(e.target.value as BreakdownDimension)}
            >
              {shown.map((d) => (
                <option key={d.key} value={d.key}>
                  {t(d.label)}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      <div aria-hidden="true" style={{ height: Math.max(160, rows.length * 56 + 60) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(value) => `${number(Number(value))}%`} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar isAnimationActive={false} dataKey="you" name={you} fill={BLUE} radius={[0, 4, 4, 0]} />
            <Bar isAnimationActive={false} dataKey="cohort" name={cohort} fill={GREY} radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* sr-only on a wrapper: a table sizes to its content and would widen the page */}
      <div className="sr-only">
        <table>
          <caption>{`${title}: ${t(dimension.label)}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t(dimension.label)}</th>
              <th scope="col">{you}</th>
              <th scope="col">{cohort}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.name}</th>
                <td>{number(r.percent)}%</td>
                <td>{number(r.cohort_percent)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** How many takers scored in each tenth of the maximum; the learner's band in amber. */
export function DistributionChart({ report }: { report: AdvancedReportData }) {
  const t = useT();
  const mine = Math.min(9, Math.floor((report.score / (report.max_score || 1)) * 10));
  const data = report.histogram.map((count, band) => ({
    band: `${band * 10}–${band * 10 + 10}%`,
    count,
  }));
  const title = t("takeTest.report.distribution");
  const takersLabel = t("takeTest.report.takersAxis");
  return (
    <figure className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      <div aria-hidden="true" className="h-52">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis
              dataKey="band"
              tick={{ fontSize: 10 }}
              interval={0}
              angle={-30}
              textAnchor="end"
              height={44}
            />
            <YAxis allowDecimals={false} width={32} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(value) => [value, takersLabel]} />
            <Bar isAnimationActive={false} dataKey="count" name={takersLabel} radius={[4, 4, 0, 0]}>
              {data.map((d, band) => (
                <Cell key={d.band} fill={band === mine ? AMBER : GREY} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <span className="inline-block h-3 w-3 rounded-sm" style={{ background: AMBER }} aria-hidden="true" />
        {t("takeTest.report.yourBand", { band: data[mine]?.band ?? "" })}
      </p>
      {/* sr-only on a wrapper: a table sizes to its content and would widen the page */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("takeTest.report.band")}</th>
              <th scope="col">{takersLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.band}>
                <th scope="row">{d.band}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
