/** /alltransaction/grade/:grade: the market assessment rows of one grade (issue 10): each test
 * (or survey) with its purchases per add-on and revenue, searched and paged; each row opens its
 * transactions. */
import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { Input, Select } from "@/components/ui/field";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useFilterOptions } from "../api/get-filter-options";
import { useMarketAssessments } from "../api/get-market-assessments";
import { BackLink } from "../components/back-link";
import { FilterBar } from "../components/filter-bar";
import { PageHeader } from "../components/page-header";
import { ErrorState, ForbiddenNote, isForbidden } from "../components/states";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";

import { SkeletonRows } from "../components/table";
import { useMarketFilters } from "../lib/filters";
import { useDebounced } from "../lib/use-debounced";

const LIMIT = 10;

export default function GradeRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const grade = Number(useParams().grade);
  const { filters, setFilter, reset, active, carried, params } = useMarketFilters();
  const options = useFilterOptions(filters.organization_id);
  const [search, setSearch] = useState("");
  const [order, setOrder] = useState("-totalRevenue");
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const badRange = Boolean(filters.from_date && filters.to_date && filters.from_date > filters.to_date);
  const rows = useMarketAssessments(
    { page, limit: LIMIT, search: term || undefined, order_by: order },
    { ...filters, to_date: badRange ? undefined : filters.to_date, grade },
  );
  const number = new Intl.NumberFormat(locale);
  if (isForbidden(options.error) || isForbidden(rows.error)) return <ForbiddenNote />;
  const items = rows.data?.items ?? [];
  const carriedWith = (extra: Record<string, string>) => {
    const next = new URLSearchParams(carried.slice(1));
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return `?${next.toString()}`;
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("analytics.grade.title", { grade })}
        back={<BackLink to={`/alltransaction/index${carried}`}>{t("analytics.backToDashboard")}</BackLink>}
      />
      <FilterBar
        options={options.data}
        params={params}
        from={filters.from_date}
        to={filters.to_date}
        onChange={(key, value) => {
          setFilter(key, value);
          setPage(1);
        }}
        onReset={reset}
        active={active}
        withoutGrade
      />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,14rem)] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor="an-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="an-search"
            type="search"
            placeholder={t("analytics.grade.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="an-order" className="text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <Select id="an-order" value={order} onChange={(e) => setOrder(e.target.value)}>
            <option value="-totalRevenue">{t("analytics.order.revenue")}</option>
            <option value="-totalPurchases">{t("analytics.order.purchases")}</option>
            <option value="assessmentName">{t("analytics.order.name")}</option>
          </Select>
        </div>
      </div>
      {rows.data && (
        <p className="text-sm text-slate-600">
          {t("analytics.grade.totals", {
            count: rows.data.total,
            purchases: number.format(rows.data.totals.totalPurchases),
            revenue: formatVnd(rows.data.totals.totalRevenue, locale),
          })}
        </p>
      )}
      <Table label={t("analytics.grade.title", { grade })}>
        <Head>
          <Th>{t("analytics.col.assessment")}</Th>
          <Th className="text-right">{t("analytics.col.testOnly")}</Th>
          <Th className="text-right">{t("analytics.col.testAdvanced")}</Th>
          <Th className="text-right">{t("analytics.col.surveyReport")}</Th>
          <Th className="text-right">{t("analytics.col.totalRevenue")}</Th>
        </Head>
        <Body>
          {rows.isPending && <SkeletonRows columns={5} />}
          {rows.isError && (
            <MessageRow colSpan={5}>
              <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
            </MessageRow>
          )}
          {rows.isSuccess && items.length === 0 && (
            <MessageRow colSpan={5}>
              {term ? t("analytics.empty.noMatches") : t("analytics.empty.noAssessments")}
            </MessageRow>
          )}
          {items.map((r) => (
            <Tr key={`${r.organizationId}-${r.kind}-${r.testPresetId}`}>
              <Td className="font-medium max-md:text-base">
                <span className="grid">
                  <Link
                    to={`/alltransaction/grade/${grade}/assessment/${r.testPresetId}${carriedWith({
                      kind: r.kind,
                      org: String(r.organizationId),
                    })}`}
                    className="text-blue-700 hover:underline"
                  >
                    {r.assessmentName}
                  </Link>
                  <span className="text-xs font-normal text-slate-500">
                    {r.kind === "survey" ? t("analytics.kind.survey") : t("analytics.kind.test")}
                    {options.data?.is_superadmin ? ` · ${r.organizationName}` : ""}
                  </span>
                </span>
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
              <Td
                label={t("analytics.col.totalRevenue")}
                className="whitespace-nowrap font-medium tabular-nums md:text-right"
              >
                {formatVnd(r.totalRevenue, locale)}
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {rows.data && <Pager page={page} limit={rows.data.limit} total={rows.data.total} onPage={setPage} />}
    </div>
  );
}
