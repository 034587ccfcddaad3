/** /alltransaction/index: the market dashboard (issue 10): filters, KPI cards with their change,
 * revenue over time, breakdowns by add-on, grade, subject and province, the per-grade market
 * rows (each grade drills down), and the PDF and spreadsheet exports. */
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { Link } from "react-router-dom";

import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { exportDashboard, exportTransactions } from "../api/export-file";
import { useAnalytics } from "../api/get-analytics";
import { useFilterOptions } from "../api/get-filter-options";
import { useMarkets } from "../api/get-markets";
import { AnalyticsNav } from "../components/analytics-nav";
import { BreakdownChart, RevenueChart } from "../components/charts";
import { ExportButton } from "../components/export-button";
import { FilterBar } from "../components/filter-bar";
import { KpiCards } from "../components/kpi-cards";
import { PageHeader } from "../components/page-header";
import { ErrorState, ForbiddenNote, isForbidden, Skeleton } from "../components/states";
import { SkeletonRows } from "../components/table";
import { useMarketFilters } from "../lib/filters";

export default function DashboardRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { filters, setFilter, reset, active, carried, params } = useMarketFilters();
  const options = useFilterOptions(filters.organization_id);
  const badRange = Boolean(filters.from_date && filters.to_date && filters.from_date > filters.to_date);
  const query = badRange ? { ...filters, to_date: undefined } : filters;
  const figures = useAnalytics("dashboard", query);
  const markets = useMarkets(query);
  const number = new Intl.NumberFormat(locale);

  if (isForbidden(options.error) || isForbidden(figures.error)) return <ForbiddenNote />;
  const data = figures.data;
  const rows = markets.data ?? [];
  const totals = rows.reduce(
    (sum, r) => ({
      published: sum.published + r.assessmentsPublished,
      testOnly: sum.testOnly + r.testOnlyPurchases,
      advanced: sum.advanced + r.testAdvancedReportPurchases,
      survey: sum.survey + r.surveyReportPurchases,
      purchases: sum.purchases + r.totalPurchases,
      revenue: sum.revenue + r.totalRevenue,
    }),
    { published: 0, testOnly: 0, advanced: 0, survey: 0, purchases: 0, revenue: 0 },
  );
  const gradeLabel = (grade: number | null) =>
    grade === null ? t("analytics.noGrade") : t("analytics.gradeN", { grade });

  return (
    <div className="grid gap-6">
      <PageHeader title={t("analytics.title")}>
        <ExportButton label="analytics.export.pdf" run={() => exportDashboard(query)} disabled={!data} />
        <ExportButton label="analytics.export.xlsx" run={() => exportTransactions(query)} disabled={!data} />
      </PageHeader>
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
      {figures.isError ? (
        <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />
      ) : (
        <>
          <KpiCards summary={data?.summary} loading={figures.isPending} />
          {data?.revenue_over_time ? (
            <RevenueChart points={data.revenue_over_time.points} unit={data.revenue_over_time.unit} />
          ) : (
            <Skeleton className="h-72" />
          )}
          {data ? (
            <div className="grid gap-4 lg:grid-cols-2">
              <BreakdownChart
                title={t("analytics.chart.byAddon")}
                data={(data.by_addon ?? []).map((r) => ({
                  label: r.name,
                  purchases: r.purchases,
                  revenue: r.revenue,
                }))}
              />
              <BreakdownChart
                title={t("analytics.chart.byGrade")}
                data={(data.by_grade ?? []).map((r) => ({
                  label: gradeLabel(r.grade),
                  purchases: r.purchases,
                  revenue: r.revenue,
                }))}
              />
              <BreakdownChart
                title={t("analytics.chart.bySubject")}
                note={t("analytics.chart.subjectNote")}
                data={(data.by_subject ?? []).map((r) => ({
                  label: r.name,
                  purchases: r.purchases,
                  revenue: r.revenue,
                }))}
              />
              <BreakdownChart
                title={t("analytics.chart.byProvince")}
                data={(data.by_province ?? [])
                  .slice(0, 10)
                  .map((r) => ({ label: r.name, purchases: r.purchases, revenue: r.revenue }))}
              />
            </div>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-56" />
              ))}
            </div>
          )}
        </>
      )}

      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">{t("analytics.markets.title")}</h2>
        <Table label={t("analytics.markets.title")}>
          <Head>
            <Th>{t("analytics.col.grade")}</Th>
            <Th className="text-right">{t("analytics.col.published")}</Th>
            <Th className="text-right">{t("analytics.col.testOnly")}</Th>
            <Th className="text-right">{t("analytics.col.testAdvanced")}</Th>
            <Th className="text-right">{t("analytics.col.surveyReport")}</Th>
            <Th className="text-right">{t("analytics.col.totalPurchases")}</Th>
            <Th className="text-right">{t("analytics.col.totalRevenue")}</Th>
          </Head>
          <Body>
            {markets.isPending && <SkeletonRows columns={7} rows={3} />}
            {markets.isError && (
              <MessageRow colSpan={7}>
                <ErrorState error={markets.error} onRetry={() => void markets.refetch()} />
              </MessageRow>
            )}
            {markets.isSuccess && rows.length === 0 && (
              <MessageRow colSpan={7}>{t("analytics.empty.noMarket")}</MessageRow>
            )}
            {rows.map((r) => (
              <Tr key={r.grade ?? "none"}>
                <Td className="font-medium max-md:text-base">
                  {r.grade === null ? (
                    gradeLabel(null)
                  ) : (
                    <Link
                      to={`/alltransaction/grade/${r.grade}${carried}`}
                      className="text-blue-700 hover:underline"
                      aria-label={t("analytics.markets.open", { grade: r.grade })}
                    >
                      {gradeLabel(r.grade)}
                    </Link>
                  )}
                </Td>
                <Td label={t("analytics.col.published")} className="tabular-nums md:text-right">
                  {number.format(r.assessmentsPublished)}
                </Td>
                <Td label={t("analytics.col.testOnly")} className="tabular-nums md:text-right">
                  {number.format(r.testOnlyPurchases)}
                </Td>
                <Td label={t("analytics.col.testAdvanced")} className="tabular-nums md:text-right">
                  {number.format(r.testAdvancedReportPurchases)}
                </Td>
                <Td label={t("analytics.col.surveyReport")} className="tabular-nums md:text-right">
                  {number.format(r.surveyReportPurchases)}
                </Td>
                <Td label={t("analytics.col.totalPurchases")} className="tabular-nums md:text-right">
                  {number.format(r.totalPurchases)}
                </Td>
                <Td
                  label={t("analytics.col.totalRevenue")}
                  className="whitespace-nowrap tabular-nums font-medium md:text-right"
                >
                  {formatVnd(r.totalRevenue, locale)}
                </Td>
              </Tr>
            ))}
            {rows.length > 1 && (
              <Tr className="bg-slate-50 font-semibold">
                <Td>{t("analytics.total")}</Td>
                <Td label={t("analytics.col.published")} className="tabular-nums md:text-right">
                  {number.format(totals.published)}
                </Td>
                <Td label={t("analytics.col.testOnly")} className="tabular-nums md:text-right">
                  {number.format(totals.testOnly)}
                </Td>
                <Td label={t("analytics.col.testAdvanced")} className="tabular-nums md:text-right">
                  {number.format(totals.advanced)}
                </Td>
                <Td label={t("analytics.col.surveyReport")} className="tabular-nums md:text-right">
                  {number.format(totals.survey)}
                </Td>
                <Td label={t("analytics.col.totalPurchases")} className="tabular-nums md:text-right">
                  {number.format(totals.purchases)}
                </Td>
                <Td
                  label={t("analytics.col.totalRevenue")}
                  className="whitespace-nowrap tabular-nums md:text-right"
                >
                  {formatVnd(totals.revenue, locale)}
                </Td>
              </Tr>
            )}
          </Body>
        </Table>
      </section>
    </div>
  );
}
