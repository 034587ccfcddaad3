/** /alltransaction/old: the plain filterable table of every transaction with its purchase items
 * (only the caller's organization's lines and money), for those who prefer it. */
import { useState } from "react";

import { Input, Select } from "@/components/ui/field";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useFilterOptions } from "../api/get-filter-options";
import { useHistory } from "../api/get-history";
import { AnalyticsNav } from "../components/analytics-nav";
import { FilterBar } from "../components/filter-bar";
import { PageHeader } from "../components/page-header";
import { ErrorState, ForbiddenNote, isForbidden } from "../components/states";
import { STATUS_LABEL, STATUSES, StatusBadge } from "../components/status-badge";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";

import { SkeletonRows } from "../components/table";
import { useMarketFilters } from "../lib/filters";
import { useDebounced } from "../lib/use-debounced";

const LIMIT = 20;

export default function OldRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { filters, setFilter, reset, active, carried, params } = useMarketFilters();
  const options = useFilterOptions(filters.organization_id);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("ALL");
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const badRange = Boolean(filters.from_date && filters.to_date && filters.from_date > filters.to_date);
  const rows = useHistory(
    { page, limit: LIMIT, search: term || undefined },
    { ...filters, to_date: badRange ? undefined : filters.to_date, status },
  );
  if (isForbidden(options.error) || isForbidden(rows.error)) return <ForbiddenNote />;
  const items = rows.data?.items ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader title={t("analytics.old.title")} />
      <AnalyticsNav carried={carried} />
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
      />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,12rem)] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor="an-old-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="an-old-search"
            type="search"
            placeholder={t("analytics.assessment.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="an-old-status" className="text-xs font-medium text-slate-600">
            {t("analytics.col.status")}
          </label>
          <Select
            id="an-old-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="ALL">{t("common.all")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABEL[s]!)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Table label={t("analytics.old.title")}>
        <Head>
          <Th>{t("analytics.col.id")}</Th>
          <Th>{t("analytics.col.student")}</Th>
          <Th>{t("analytics.col.items")}</Th>
          <Th className="text-right">{t("analytics.col.totalPaid")}</Th>
          <Th>{t("analytics.col.purchaseDate")}</Th>
          <Th>{t("analytics.col.status")}</Th>
          <Th>{t("analytics.col.paymentId")}</Th>
        </Head>
        <Body>
          {rows.isPending && <SkeletonRows columns={7} />}
          {rows.isError && (
            <MessageRow colSpan={7}>
              <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
            </MessageRow>
          )}
          {rows.isSuccess && items.length === 0 && (
            <MessageRow colSpan={7}>
              {term ? t("analytics.empty.noMatches") : t("analytics.empty.noTransactions")}
            </MessageRow>
          )}
          {items.map((r) => (
            <Tr key={r.transactionId}>
              <Td className="font-mono text-xs max-md:text-sm">#{r.id}</Td>
              <Td label={t("analytics.col.student")} className="font-medium">
                {r.studentName}
              </Td>
              <Td label={t("analytics.col.items")}>
                <ul className="grid gap-0.5">
                  {r.purchaseItems.map((item, i) => (
                    <li key={i} className="flex justify-between gap-3">
                      <span>{item.label || item.name}</span>
                      <span className="whitespace-nowrap tabular-nums text-slate-600">
                        {formatVnd(item.amount ?? item.price, locale)}
                      </span>
                    </li>
                  ))}
                </ul>
              </Td>
              <Td
                label={t("analytics.col.totalPaid")}
                className="whitespace-nowrap font-medium tabular-nums md:text-right"
              >
                {formatVnd(r.totalPaid, locale)}
              </Td>
              <Td label={t("analytics.col.purchaseDate")} className="whitespace-nowrap">
                {formatDateTime(r.purchaseDate, locale)}
              </Td>
              <Td label={t("analytics.col.status")}>
                <StatusBadge status={r.status} fallback={r.statusName} />
              </Td>
              <Td label={t("analytics.col.paymentId")} className="font-mono text-xs">
                {r.paymentId || "—"}
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {rows.data && <Pager page={page} limit={rows.data.limit} total={rows.data.total} onPage={setPage} />}
    </div>
  );
}
