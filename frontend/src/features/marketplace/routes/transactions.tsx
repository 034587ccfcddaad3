/** /marketplace/transactions/index (named route marketplace.transactions.index; the user menu's
 * "transaction history"): the caller's transactions (an educator's: those that include their
 * organization's tests) with status filter, date range, search and paging, kept in the address
 * (the list kit of issue 22); "Pay" on pending ones. */
import { Receipt } from "lucide-react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { DateFilter } from "@/components/list/date-filter";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button, buttonSizes, buttonVariants } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { paths } from "@/config/paths";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useTransactions } from "../api/get-transactions";
import { TRANSACTION_STATUSES } from "../api/types";
import { STATUS_LABEL } from "../components/labels";
import { StatusBadge } from "../components/status-badge";
import { transactionPath } from "../lib/paths";
import { useTypedParam } from "@/lib/use-typed-param";

const LIMIT = 10;

export default function TransactionsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const authorized = useAuthorized();
  const educator = authorized.data?.user.pandai_profile_role === "EDUCATOR";
  const { values, page, filtered, set } = useListParams({ search: "", status: "", from: "", to: "" });
  const [search, setSearch] = useTypedParam(values.search, (value) => set({ search: value }));
  const term = values.search.trim();
  const badRange = values.from !== "" && values.to !== "" && values.from > values.to;
  const transactions = useTransactions({
    page,
    limit: LIMIT,
    search: term || undefined,
    status: values.status || undefined,
    from_date: values.from || undefined,
    to_date: badRange ? undefined : values.to || undefined,
  });
  const items = transactions.data?.items ?? [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("shop.tx.title")}</h1>
        {!educator && (
          <Link to={paths.shoppingCart} className="text-sm font-medium text-blue-700 hover:underline">
            {t("shop.cart.title")}
          </Link>
        )}
      </div>
      <ListToolbar>
        <SearchFilter
          id="tx-search"
          value={search}
          onChange={setSearch}
          placeholder={t("shop.tx.searchPlaceholder")}
        />
        <SelectFilter
          id="tx-status"
          label={t("shop.tx.status")}
          value={values.status}
          onChange={(status) => set({ status })}
          allLabel
          choices={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))}
        />
        <DateFilter
          id="tx-from"
          label={t("shop.tx.from")}
          value={values.from}
          onChange={(from) => set({ from })}
          max={values.to || undefined}
        />
        <DateFilter
          id="tx-to"
          label={t("shop.tx.to")}
          value={values.to}
          onChange={(to) => set({ to })}
          min={values.from || undefined}
          error={badRange ? "tx-range-error" : undefined}
        />
        {filtered && (
          <Button variant="ghost" onClick={() => set({ search: "", status: "", from: "", to: "" })}>
            {t("shop.tx.clearFilters")}
          </Button>
        )}
      </ListToolbar>
      {badRange && (
        <p id="tx-range-error" role="alert" className="text-sm text-red-700">
          {t("shop.tx.badRange")}
        </p>
      )}

      <Table label={t("shop.tx.title")}>
        <Head>
          <Th>{t("shop.tx.name")}</Th>
          <Th>{t("shop.tx.date")}</Th>
          {educator && <Th>{t("shop.tx.buyer")}</Th>}
          <Th className="text-right">{t("shop.tx.amount")}</Th>
          <Th>{t("shop.tx.status")}</Th>
          <Th>{t("shop.tx.paymentId")}</Th>
          <Th>
            <span className="sr-only">{t("shop.tx.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={transactions}
            count={items.length}
            colSpan={educator ? 7 : 6}
            failed={t("shop.tx.loadFailed")}
            filtered={filtered}
            noMatches={t("shop.tx.noMatches")}
            empty={
              <span className="grid justify-items-center gap-2">
                <Receipt className="h-8 w-8 text-slate-400" aria-hidden="true" />
                {t(educator ? "shop.tx.emptyEducator" : "shop.tx.empty")}
                {!educator && (
                  <Link
                    to={paths.marketplace}
                    className="font-medium text-blue-700 underline underline-offset-4"
                  >
                    {t("shop.cart.browse")}
                  </Link>
                )}
              </span>
            }
          >
            {items.map((tx) => (
              <Tr key={tx.id}>
                <Td className="font-medium max-md:text-base">
                  <Link
                    to={transactionPath(tx.id)}
                    className="text-slate-900 hover:text-blue-700 hover:underline"
                  >
                    {tx.name ? <Lang>{tx.name}</Lang> : t("shop.tx.numbered", { id: tx.id })}
                  </Link>
                  <span className="block text-xs font-normal text-slate-500 max-md:hidden">#{tx.id}</span>
                </Td>
                <Td label={t("shop.tx.date")} className="whitespace-nowrap">
                  {formatDateTime(tx.date, locale)}
                </Td>
                {educator && <Td label={t("shop.tx.buyer")}>{tx.buyer_name || "—"}</Td>}
                <Td label={t("shop.tx.amount")} className="whitespace-nowrap md:text-right">
                  {formatVnd(tx.amount, locale)}
                </Td>
                <Td label={t("shop.tx.status")}>
                  <StatusBadge status={tx.status} fallback={tx.status_name} />
                </Td>
                <Td label={t("shop.tx.paymentId")}>
                  <span className="break-all font-mono text-xs">{tx.payment_id || "—"}</span>
                </Td>
                <Td className="md:text-right">
                  {tx.status === "PENDING" && !educator ? (
                    <Link
                      to={`${transactionPath(tx.id)}#pay`}
                      className={cn(
                        "inline-flex items-center justify-center rounded-lg font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
                        buttonSizes.sm,
                        buttonVariants.default,
                      )}
                      aria-label={t("shop.tx.payOf", { id: tx.id })}
                    >
                      {t("shop.tx.pay")}
                    </Link>
                  ) : (
                    <Link
                      to={transactionPath(tx.id)}
                      className="text-sm font-medium text-blue-700 hover:underline"
                      aria-label={t("shop.tx.viewOf", { id: tx.id })}
                    >
                      {t("shop.tx.view")}
                    </Link>
                  )}
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {transactions.data && (
        <Pager
          page={page}
          limit={transactions.data.limit}
          total={transactions.data.total}
          onPage={(p) => set({ page: p })}
        />
      )}
    </div>
  );
}
