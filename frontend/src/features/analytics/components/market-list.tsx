/** What the market's list pages share: the search/status/order controls (in the address, next to
 * the market filters), the table's loading/failed/empty states, and the cells every table shows
 * the same way. */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { Lang } from "@/components/lang";
import { ListToolbar, SearchFilter, SelectFilter, type Choice } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { formatDateTime, formatNumber, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useDebounced } from "@/lib/use-debounced";
import { STATUS_LABEL, STATUSES, StatusBadge } from "./status-badge";

/** The parameters of a market list ("" for one the page does not use). */
type MarketListDefaults = { search: string; status: string; order: string };

/** The list's parameters in the address and the search as sent (debounced, omitted when empty). */
export function useMarketList(defaults: MarketListDefaults) {
  const list = useListParams(defaults);
  const term = useDebounced(list.values.search.trim());
  return { list, term: term || undefined };
}

export type MarketList = ReturnType<typeof useMarketList>["list"];

/** "Không tải được số liệu." with the server's reason when it gave one. */
export function useFailedText(error: unknown): string {
  const t = useT();
  return `${t("analytics.loadFailed")}${error instanceof ApiError && error.message ? ` ${error.message}` : ""}`;
}

/** The search box, and the status select of the transaction lists (`statusFirst`: "all" first). */
export function MarketToolbar({
  id,
  list,
  placeholder,
  statuses,
  orders,
}: {
  id: string;
  list: MarketList;
  placeholder: string;
  /** Where "all" stands among the statuses, or no status select. */
  statuses?: "allFirst" | "allLast";
  orders?: readonly Choice[];
}) {
  const t = useT();
  const all = { value: "ALL", label: t("common.all") };
  const choices = STATUSES.map((status) => ({ value: status, label: t(STATUS_LABEL[status]!) }));
  return (
    <ListToolbar>
      <SearchFilter
        id={`${id}-search`}
        placeholder={placeholder}
        value={list.values.search}
        onChange={(search) => list.set({ search })}
      />
      {statuses && (
        <SelectFilter
          id={`${id}-status`}
          label={t("analytics.col.status")}
          value={list.values.status}
          onChange={(status) => list.set({ status })}
          choices={statuses === "allFirst" ? [all, ...choices] : [...choices, all]}
        />
      )}
      {orders && (
        <SelectFilter
          id={`${id}-order`}
          label={t("common.sort")}
          value={list.values.order}
          onChange={(order) => list.set({ order })}
          choices={orders}
        />
      )}
    </ListToolbar>
  );
}

/** A market table: its header, then the loading/failed/empty states or the rows (`children`). */
export function MarketTable({
  label,
  columns,
  ...rows
}: {
  label: string;
  /** Column names; `numeric` ones are right-aligned. */
  columns: readonly { label: string; numeric?: boolean }[];
} & Omit<Parameters<typeof MarketRows>[0], "colSpan">) {
  return (
    <Table label={label}>
      <Head>
        {columns.map((column) => (
          <Th key={column.label} className={column.numeric ? "text-right" : undefined}>
            {column.label}
          </Th>
        ))}
      </Head>
      <Body>
        <MarketRows colSpan={columns.length} {...rows} />
      </Body>
    </Table>
  );
}

/** A table body's states, then its rows; the pager goes under the table (`MarketPager`). */
function MarketRows({
  query,
  count,
  colSpan,
  filtered,
  empty,
  children,
}: {
  query: UseQueryResult;
  count: number;
  colSpan: number;
  filtered: boolean;
  empty: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <QueryRows
      query={query}
      count={count}
      colSpan={colSpan}
      failed={useFailedText(query.error)}
      empty={empty}
      noMatches={t("analytics.empty.noMatches")}
      filtered={filtered}
    >
      {children}
    </QueryRows>
  );
}

export function MarketPager({
  list,
  page,
}: {
  list: MarketList;
  page: { limit: number; total: number } | undefined;
}) {
  if (!page) return null;
  return (
    <Pager
      page={list.page}
      limit={page.limit}
      total={page.total}
      onPage={(next) => list.set({ page: next })}
    />
  );
}

/** A count, right-aligned on wide screens. */
export function CountCell({ label, value }: { label?: string; value: number }) {
  const { locale } = useLanguage();
  return (
    <Td label={label} className="tabular-nums md:text-right">
      {formatNumber(value, locale)}
    </Td>
  );
}

/** An amount of money, right-aligned on wide screens. */
export function MoneyCell({ label, amount, strong }: { label?: string; amount: number; strong?: boolean }) {
  const { locale } = useLanguage();
  return (
    <Td
      label={label}
      className={`whitespace-nowrap tabular-nums md:text-right${strong ? " font-medium" : ""}`}
    >
      {formatVnd(amount, locale)}
    </Td>
  );
}

/** The purchases per add-on of a market row (test only, test with the advanced report, survey
 * report). */
export function PurchaseCells({
  row,
}: {
  row: { testOnlyPurchases: number; testAdvancedReportPurchases: number; surveyReportPurchases: number };
}) {
  const t = useT();
  return (
    <>
      <CountCell label={t("analytics.col.testOnly")} value={row.testOnlyPurchases} />
      <CountCell label={t("analytics.col.testAdvanced")} value={row.testAdvancedReportPurchases} />
      <CountCell label={t("analytics.col.surveyReport")} value={row.surveyReportPurchases} />
    </>
  );
}

/** The leading cells of a transaction row: its id and the student. */
export function TransactionLead({ id, student }: { id: string; student: string }) {
  const t = useT();
  return (
    <>
      <Td className="font-mono text-xs max-md:text-sm">#{id}</Td>
      <Td label={t("analytics.col.student")} className="font-medium">
        <Lang>{student}</Lang>
      </Td>
    </>
  );
}

export function DateCell({ label, iso }: { label: string; iso: string | null | undefined }) {
  const { locale } = useLanguage();
  return (
    <Td label={label} className="whitespace-nowrap">
      {iso ? formatDateTime(iso, locale) : "—"}
    </Td>
  );
}

export function StatusCell({ status, fallback }: { status: string; fallback: string }) {
  const t = useT();
  return (
    <Td label={t("analytics.col.status")}>
      <StatusBadge status={status} fallback={fallback} />
    </Td>
  );
}

export function PaymentIdCell({ paymentId }: { paymentId: string | null | undefined }) {
  const t = useT();
  return (
    <Td label={t("analytics.col.paymentId")} className="font-mono text-xs">
      {paymentId || "—"}
    </Td>
  );
}
