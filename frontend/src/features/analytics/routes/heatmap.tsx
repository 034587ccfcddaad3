/** /alltransaction/heatmap: paid purchases by weekday x hour (Vietnam time) and by province x
 * grade, with a legend and a tooltip on every cell (issue 10). */
import { useMemo } from "react";

import { CONTENT_LANGUAGE } from "@/components/lang";
import { QueryState } from "@/components/list/query-rows";
import { weekdayNames } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useAnalytics } from "../api/get-analytics";
import { HeatmapGrid, Legend } from "../components/heatmap-grid";
import { useFailedText } from "../components/market-list";
import { MarketTop } from "../components/market-top";
import { EmptyState, ForbiddenNote, isForbidden } from "../components/states";
import { useMarketPage } from "../lib/filters";

export default function HeatmapRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { market, options } = useMarketPage();
  const figures = useAnalytics("heatmap", market.query);
  const days = useMemo(() => weekdayNames(locale), [locale]);
  const failed = useFailedText(figures.error);
  if (isForbidden(options.error) || isForbidden(figures.error)) return <ForbiddenNote />;

  return (
    <div className="grid gap-6">
      <MarketTop title={t("analytics.heatmap.title")} market={market} options={options.data} />
      <QueryState query={figures} failed={failed}>
        {({ heatmap_weekday_hour: week, heatmap_province_grade: pg }) =>
          week &&
          pg && (
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
                    rows={pg.provinces.map((p) => ({
                      key: p.province_code,
                      label: p.name,
                      lang: CONTENT_LANGUAGE,
                    }))}
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
          )
        }
      </QueryState>
    </div>
  );
}
