/** /alltransaction/index: the market dashboard (issue 10): filters, KPI cards with their change,
 * revenue over time, breakdowns by add-on, grade, subject and province, the per-grade market
 * rows (each grade drills down), and the PDF and spreadsheet exports. */
import { CONTENT_LANGUAGE } from "@/components/lang";
import { QueryState } from "@/components/list/query-rows";
import { useT } from "@/lib/intl";
import type { Language } from "@/lib/language";

import { exportDashboard, exportTransactions } from "../api/export-file";
import { useAnalytics } from "../api/get-analytics";
import { useMarkets } from "../api/get-markets";
import { BreakdownChart, RevenueChart } from "../components/charts";
import { ExportButton } from "../components/export-button";
import { KpiCards } from "../components/kpi-cards";
import { useFailedText } from "../components/market-list";
import { MarketTop } from "../components/market-top";
import { MarketsTable } from "../components/markets-table";
import { ForbiddenNote, isForbidden } from "../components/states";
import { useMarketPage } from "../lib/filters";

/** A breakdown's rows as chart bars; `lang` when the labels are content (provinces' Vietnamese
 * names), not the interface's words. */
const bars = <R extends { purchases: number; revenue: number }>(
  rows: R[] | null | undefined,
  label: (row: R) => string,
  lang?: Language,
) => (rows ?? []).map((row) => ({ label: label(row), purchases: row.purchases, revenue: row.revenue, lang }));

export default function DashboardRoute() {
  const t = useT();
  const { market, options } = useMarketPage();
  const query = market.query;
  const figures = useAnalytics("dashboard", query);
  const markets = useMarkets(query);
  const failed = useFailedText(figures.error);
  if (isForbidden(options.error) || isForbidden(figures.error)) return <ForbiddenNote />;
  const loaded = Boolean(figures.data);
  const gradeLabel = (grade: number | null) =>
    grade === null ? t("analytics.noGrade") : t("analytics.gradeN", { grade });

  return (
    <div className="grid gap-6">
      <MarketTop
        title={t("analytics.title")}
        market={market}
        options={options.data}
        actions={
          <>
            <ExportButton
              label="analytics.export.pdf"
              run={() => exportDashboard(query)}
              disabled={!loaded}
            />
            <ExportButton
              label="analytics.export.xlsx"
              run={() => exportTransactions(query)}
              disabled={!loaded}
            />
          </>
        }
      />
      <QueryState query={figures} failed={failed}>
        {(data) => (
          <>
            <KpiCards summary={data.summary} />
            {data.revenue_over_time && (
              <RevenueChart points={data.revenue_over_time.points} unit={data.revenue_over_time.unit} />
            )}
            <div className="grid gap-4 lg:grid-cols-2">
              <BreakdownChart
                title={t("analytics.chart.byAddon")}
                data={bars(data.by_addon, (r) => r.name)}
              />
              <BreakdownChart
                title={t("analytics.chart.byGrade")}
                data={bars(data.by_grade, (r) => gradeLabel(r.grade))}
              />
              <BreakdownChart
                title={t("analytics.chart.bySubject")}
                note={t("analytics.chart.subjectNote")}
                data={bars(data.by_subject, (r) => r.name)}
              />
              <BreakdownChart
                title={t("analytics.chart.byProvince")}
                data={bars(data.by_province?.slice(0, 10), (r) => r.name, CONTENT_LANGUAGE)}
              />
            </div>
          </>
        )}
      </QueryState>
      <MarketsTable markets={markets} carried={market.carried} />
    </div>
  );
}
