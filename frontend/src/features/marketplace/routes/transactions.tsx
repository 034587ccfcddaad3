/** /marketplace/transactions/index (named route marketplace.transactions.index; the user menu's
 * "transaction history"): the caller's transactions (an educator's: those that include their
 * organization's tests) with status filter, date range, search and paging; "Pay" on pending
 * ones. */
import { Receipt } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";

import { buttonSizes, buttonVariants } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useTransactions } from "../api/get-transactions";
import { TRANSACTION_STATUSES } from "../api/types";
import { STATUS_LABEL } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { StatusBadge } from "../components/status-badge";
import { transactionPath } from "../lib/paths";

const LIMIT = 10;
const ALL = "__all";

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export default function TransactionsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const authorized = useAuthorized();
  const educator = authorized.data?.user.pandai_profile_role === "EDUCATOR";
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const badRange = from !== "" && to !== "" && from > to;
  const transactions = useTransactions({
    page,
    limit: LIMIT,
    search: term || undefined,
    status: status === ALL ? undefined : status,
    from_date: from || undefined,
    to_date: badRange ? undefined : to || undefined,
  });
  const items = transactions.data?.items ?? [];
  const filtered = term !== "" || status !== ALL || from !== "" || to !== "";
  const columns = educator ? 7 : 6;

  function reset() {
    setSearch("");
    setStatus(ALL);
    setFrom("");
    setTo("");
    setPage(1);
  }

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
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,18rem)_minmax(0,12rem)_minmax(0,10rem)_minmax(0,10rem)_auto] lg:items-end">
        <div className="col-span-2 grid gap-1 lg:col-span-1">
          <label htmlFor="tx-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="tx-search"
            type="search"
            placeholder={t("shop.tx.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="col-span-2 grid gap-1 lg:col-span-1">
          <label htmlFor="tx-status" className="text-xs font-medium text-slate-600">
            {t("shop.tx.status")}
          </label>
          <Select
            id="tx-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("common.all")}</option>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABEL[s])}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="tx-from" className="text-xs font-medium text-slate-600">
            {t("shop.tx.from")}
          </label>
          <Input
            id="tx-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="tx-to" className="text-xs font-medium text-slate-600">
            {t("shop.tx.to")}
          </label>
          <Input
            id="tx-to"
            type="date"
            value={to}
            min={from || undefined}
            aria-invalid={badRange}
            aria-describedby={badRange ? "tx-range-error" : undefined}
            onChange={(e) => {
              setTo(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {filtered && (
          <Button variant="ghost" onClick={reset} className="col-span-2 w-fit lg:col-span-1">
            {t("shop.tx.clearFilters")}
          </Button>
        )}
      </div>
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
          {transactions.isPending && <MessageRow colSpan={columns}>{t("common.loading")}</MessageRow>}
          {transactions.isError && (
            <MessageRow colSpan={columns}>
              <span role="alert">{t("shop.tx.loadFailed")}</span>
            </MessageRow>
          )}
          {transactions.isSuccess && items.length === 0 && (
            <MessageRow colSpan={columns}>
              {filtered ? (
                t("shop.tx.noMatches")
              ) : (
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
              )}
            </MessageRow>
          )}
          {items.map((tx) => (
            <Tr key={tx.id}>
              <Td className="font-medium max-md:text-base">
                <Link
                  to={transactionPath(tx.id)}
                  className="text-slate-900 hover:text-blue-700 hover:underline"
                >
                  {tx.name || t("shop.tx.numbered", { id: tx.id })}
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
        </Body>
      </Table>
      {transactions.data && (
        <Pager page={page} limit={transactions.data.limit} total={transactions.data.total} onPage={setPage} />
      )}
    </div>
  );
}
