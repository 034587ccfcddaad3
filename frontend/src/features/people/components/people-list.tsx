/** What the members and the invitations tabs share: the search/status/order toolbar bound to the
 * URL, the count, the table with its loading/failed/empty states, and the pager. */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { ListToolbar, SearchFilter, SelectFilter, type Choice } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Th } from "@/components/ui/responsive-table";
import type { Page } from "@/lib/api/types";
import { useT } from "@/lib/intl";

import type { PeopleRole } from "../api/types";
import { useDebounced } from "@/lib/use-debounced";

export const PAGE_SIZE = 20;

/** How the members and invitations lists stay current without a reload (issue 19): an invitation
 * is accepted in someone else's browser, so the lists are read again when this window regains
 * focus and every 30 s while it is shown (react-query pauses the interval in a hidden tab). */
export const LIVE_LIST = { refetchOnWindowFocus: "always", refetchInterval: 30_000 } as const;

/** The list's parameters in the URL, and the query the server is asked for (the search debounced;
 * keys in the order the server's tests read them). */
export function usePeopleList(role: PeopleRole, order: string) {
  const list = useListParams({ search: "", status: "", order });
  const search = useDebounced(list.values.search.trim());
  const query = {
    role,
    page: list.page,
    limit: PAGE_SIZE,
    search,
    order_by: list.values.order,
    status: list.values.status,
  };
  return { list, query };
}

export type PeopleListParams = ReturnType<typeof usePeopleList>["list"];

export function PeopleToolbar({
  id,
  list,
  searchLabel,
  statuses,
  orders,
}: {
  /** Prefix of the controls' ids ("LEARNER-member"). */
  id: string;
  list: PeopleListParams;
  searchLabel: string;
  statuses: readonly Choice[];
  orders: readonly Choice[];
}) {
  const t = useT();
  return (
    <ListToolbar>
      <SearchFilter
        id={`${id}-search`}
        label={searchLabel}
        placeholder={searchLabel}
        value={list.values.search}
        onChange={(search) => list.set({ search })}
      />
      <SelectFilter
        id={`${id}-status`}
        label={t("people.filterStatus")}
        value={list.values.status}
        onChange={(status) => list.set({ status })}
        choices={statuses}
        allLabel={t("people.status.all")}
      />
      <SelectFilter
        id={`${id}-order`}
        label={t("common.sort")}
        value={list.values.order}
        onChange={(order) => list.set({ order })}
        choices={orders}
      />
    </ListToolbar>
  );
}

export function PeopleTable<T>({
  query,
  list,
  label,
  count,
  empty,
  columns,
  row,
}: {
  query: UseQueryResult<Page<T>>;
  list: PeopleListParams;
  /** The table's accessible name. */
  label: string;
  /** "3 members" once loaded. */
  count: (total: number) => string;
  /** Shown when there is nothing at all (a filter on shows "no matches"). */
  empty: string;
  /** The header cells (`hidden`: named for screen readers only). */
  columns: readonly { label: string; hidden?: boolean; className?: string }[];
  row: (item: T) => ReactNode;
}) {
  const t = useT();
  const data = query.data;
  const items = data?.items ?? [];
  return (
    <>
      {data && items.length > 0 && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {count(data.total)}
        </p>
      )}
      <Table label={label}>
        <Head>
          {columns.map((column) => (
            <Th key={column.label} className={column.className}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </Th>
          ))}
        </Head>
        <Body>
          <QueryRows
            query={query}
            count={items.length}
            colSpan={columns.length}
            failed={t("people.loadFailed")}
            empty={empty}
            noMatches={t("people.noMatch")}
            filtered={list.filtered}
          >
            {items.map(row)}
          </QueryRows>
        </Body>
      </Table>
      {data && (
        <Pager page={list.page} limit={PAGE_SIZE} total={data.total} onPage={(page) => list.set({ page })} />
      )}
    </>
  );
}
