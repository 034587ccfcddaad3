/** The dashboard charts (recharts; this module loads only with the /alltransaction routes).
 * Each chart has a title and a screen-reader table of its figures. Money in VND. */
import type { ReactNode } from "react";
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from "recharts";

import { useLangFor } from "@/components/lang";
import { formatMonth, formatShortDay, formatVnd } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import type { Language } from "@/lib/language";

import type { SeriesPoint } from "../api/types";
import { EmptyState } from "./states";

const BLUE = "#1d4ed8";
const AMBER = "#b45309";
const UNIT: Record<string, MessageId> = {
  day: "analytics.chart.unit.day",
  week: "analytics.chart.unit.week",
  month: "analytics.chart.unit.month",
};

function compact(locale: string) {
  const fmt = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
  return (value: number) => fmt.format(value);
}

export function ChartCard({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  return (
    <figure className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      {children}
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </figure>
  );
}

/** A table row: the label, the purchases and the revenue as shown; the label's `lang` when it
 * is not the interface's. */
type SrRow = [string, string, string, Language?];

function SrTable({ caption, rows }: { caption: string; rows: SrRow[] }) {
  const t = useT();
  // sr-only on a wrapper: a table sizes to its content and would widen the page on phones.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("analytics.chart.label")}</th>
            <th scope="col">{t("analytics.kpi.purchases")}</th>
            <th scope="col">{t("analytics.kpi.revenue")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([a, b, c, lang]) => (
            <tr key={a}>
              <th scope="row" lang={lang}>
                {a}
              </th>
              <td>{b}</td>
              <td>{c}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Revenue (area, left axis, VND) and purchases (line, right axis) per day, week or month. */
export function RevenueChart({ points, unit }: { points: SeriesPoint[]; unit: string }) {
  const t = useT();
  const { locale } = useLanguage();
  const title = t("analytics.chart.revenueOverTime");
  if (points.every((p) => p.purchases === 0)) {
    return (
      <ChartCard title={title}>
        <EmptyState>{t("analytics.empty.noSales")}</EmptyState>
      </ChartCard>
    );
  }
  const label = (day: string) => (unit === "month" ? formatMonth(day, locale) : formatShortDay(day, locale));
  const data = points.map((p) => ({ ...p, label: label(p.period) }));
  const number = new Intl.NumberFormat(locale);
  return (
    <ChartCard title={title} note={t(UNIT[unit] ?? "analytics.chart.unit.day")}>
      <div className="h-72" data-testid="revenue-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
            <YAxis yAxisId="revenue" tickFormatter={compact(locale)} tick={{ fontSize: 11 }} width={48} />
            <YAxis
              yAxisId="purchases"
              orientation="right"
              allowDecimals={false}
              tickFormatter={compact(locale)}
              tick={{ fontSize: 11, fill: AMBER }}
              width={36}
            />
            <Tooltip
              formatter={(value, name) =>
                name === "revenue"
                  ? [formatVnd(Number(value), locale), t("analytics.kpi.revenue")]
                  : [number.format(Number(value)), t("analytics.kpi.purchases")]
              }
            />
            <Legend
              iconSize={10}
              wrapperStyle={{ fontSize: 12 }}
              formatter={(name) =>
                name === "revenue" ? t("analytics.chart.revenueAxis") : t("analytics.chart.purchasesAxis")
              }
            />
            <Area
              yAxisId="revenue"
              isAnimationActive={false}
              type="monotone"
              dataKey="revenue"
              stroke={BLUE}
              fill={BLUE}
              fillOpacity={0.15}
              strokeWidth={2}
            />
            <Line
              yAxisId="purchases"
              isAnimationActive={false}
              type="monotone"
              dataKey="purchases"
              stroke={AMBER}
              strokeWidth={2}
              strokeDasharray="5 3"
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption={title}
        rows={points
          .filter((p) => p.purchases > 0)
          .map((p) => [label(p.period), number.format(p.purchases), formatVnd(p.revenue, locale)])}
      />
    </ChartCard>
  );
}

export interface BarDatum {
  label: string;
  purchases: number;
  revenue: number;
  /** The label's language when it is content (a province's Vietnamese name), not the interface's
   * words: marked `lang` on pages in the other language (WCAG 3.1.2; issue 38 item 6). */
  lang?: Language;
}

/** A category axis tick that carries its label's `lang` (recharts' own tick has no such prop). */
function CategoryTick({
  x,
  y,
  value,
  lang,
}: {
  x: number | string;
  y: number | string;
  value: string;
  lang?: Language;
}) {
  return (
    <text x={x} y={y} dx={-4} dy={4} textAnchor="end" fontSize={11} fill="#475569" lang={lang}>
      {value}
    </text>
  );
}

/** A horizontal bar chart of revenue per category, with purchases in the tooltip. */
export function BreakdownChart({ title, data, note }: { title: string; data: BarDatum[]; note?: string }) {
  const t = useT();
  const { locale } = useLanguage();
  const langFor = useLangFor();
  const number = new Intl.NumberFormat(locale);
  if (data.length === 0 || data.every((d) => d.purchases === 0)) {
    return (
      <ChartCard title={title}>
        <EmptyState>{t("analytics.empty.noSales")}</EmptyState>
      </ChartCard>
    );
  }
  const height = Math.max(120, data.length * 34 + 40);
  const langOf = (index?: number) => {
    const lang = index === undefined ? undefined : data[index]?.lang;
    return lang && langFor(lang);
  };
  return (
    <ChartCard title={title} note={note}>
      <div style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" tickFormatter={compact(locale)} tick={{ fontSize: 11 }} />
            <YAxis
              type="category"
              dataKey="label"
              width={120}
              tick={({ x, y, payload, index }: YAxisTickContentProps) => (
                <CategoryTick x={x} y={y} value={String(payload.value)} lang={langOf(index)} />
              )}
            />
            <Tooltip
              formatter={(value) => [formatVnd(Number(value), locale), t("analytics.kpi.revenue")]}
              labelFormatter={(label, payload) => {
                const item = payload?.[0]?.payload as BarDatum | undefined;
                return item
                  ? `${label} · ${t("analytics.chart.purchasesN", { count: item.purchases })}`
                  : String(label);
              }}
            />
            <Bar isAnimationActive={false} dataKey="revenue" fill={BLUE} radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption={title}
        rows={data.map((d) => [
          d.label,
          number.format(d.purchases),
          formatVnd(d.revenue, locale),
          d.lang && langFor(d.lang),
        ])}
      />
    </ChartCard>
  );
}
