/** /alltransaction/heatmap: paid purchases by weekday x hour (Vietnam time) and by province x
 * grade, with a legend and a tooltip on every cell (issue 10). */
import { useMemo } from "react";

import { useLanguage, useT } from "@/lib/intl";

import { useAnalytics } from "../api/get-analytics";
import { useFilterOptions } from "../api/get-filter-options";
import { AnalyticsNav } from "../components/analytics-nav";
import { HeatmapGrid, Legend } from "../components/heatmap-grid";
import { FilterBar } from "../components/filter-bar";
import { PageHeader } from "../components/page-header";
import { EmptyState, ErrorState, ForbiddenNote, isForbidden, Skeleton } from "../components/states";
import { useMarketFilters } from "../lib/filters";

/** Weekday names Monday (1) .. Sunday (7) in the active locale. */
function weekdays(locale: string): string[] {
  const fmt = new Intl.DateTimeFormat(locale, { weekday: "short" });
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(2024, 0, 1 + i))); // 1 Jan 2024 was a Monday
}

export default function HeatmapRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { filters, setFilter, reset, active, carried, params } = useMarketFilters();
  const options = useFilterOptions(filters.organization_id);
  const badRange = Boolean(filters.from_date && filters.to_date && filters.from_date > filters.to_date);
  const figures = useAnalytics("heatmap", badRange ? { ...filters, to_date: undefined } : filters);
  const days = useMemo(() => weekdays(locale), [locale]);
  if (isForbidden(options.error) || isForbidden(figures.error)) return <ForbiddenNote />;
  const week = figures.data?.heatmap_weekday_hour;
  const pg = figures.data?.heatmap_province_grade;

  return (
    <div className="grid gap-6">
      <PageHeader title={t("analytics.heatmap.title")} />
      <AnalyticsNav carried={carried} />
      <FilterBar
        options={options.data}
        params={params}
        from={filters.from_date}
        to={filters.to_date}
        onChange={setFilter}
        onReset={reset}
        active={active}
      />
      {figures.isError && <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />}
      {figures.isPending && <Skeleton className="h-64" />}
      {week && pg && (
        <>
          <section className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">{t("analytics.heatmap.weekdayHour")}</h2>
              <Legend max={week.max_purchases} />
            </div>
            {week.cells.length === 0 ? (
              <EmptyState>{t("analytics.empty.noSales")}</EmptyState>
            ) : (
              <HeatmapGrid
                label={t("analytics.heatmap.weekdayHour")}
                columnHeader={t("analytics.heatmap.hour")}
                rows={days.map((label, i) => ({ key: String(i + 1), label }))}
                columns={Array.from({ length: 24 }, (_, h) => ({ key: String(h), label: String(h) }))}
                cells={week.cells.map((c) => ({
                  row: String(c.weekday),
                  column: String(c.hour),
                  purchases: c.purchases,
                  revenue: c.revenue,
                }))}
                max={week.max_purchases}
              />
            )}
            <p className="text-xs text-slate-500">{t("analytics.heatmap.timeNote")}</p>
          </section>
          <section className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">{t("analytics.heatmap.provinceGrade")}</h2>
              <Legend max={pg.max_purchases} />
            </div>
            {pg.cells.length === 0 ? (
              <EmptyState>{t("analytics.empty.noSales")}</EmptyState>
            ) : (
              <HeatmapGrid
                label={t("analytics.heatmap.provinceGrade")}
                columnHeader={t("analytics.col.grade")}
                rows={pg.provinces.map((p) => ({ key: p.province_code, label: p.name }))}
                columns={pg.grades.map((g) => ({ key: String(g), label: String(g) }))}
                cells={pg.cells.map((c) => ({
                  row: c.province_code,
                  column: String(c.grade),
                  purchases: c.purchases,
                  revenue: c.revenue,
                }))}
                max={pg.max_purchases}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
