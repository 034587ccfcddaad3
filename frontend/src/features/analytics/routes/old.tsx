/** /alltransaction/old: the plain filterable table of every transaction with its purchase items
 * (only the caller's organization's lines and money), for those who prefer it. */
import { LangParts } from "@/components/lang";
import { Td, Tr } from "@/components/ui/responsive-table";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useHistory } from "../api/get-history";
import {
  DateCell,
  MarketPager,
  MarketTable,
  MarketToolbar,
  MoneyCell,
  PaymentIdCell,
  StatusCell,
  TransactionLead,
  useMarketList,
} from "../components/market-list";
import { MarketTop } from "../components/market-top";
import { ForbiddenNote, isForbidden } from "../components/states";
import { useMarketPage } from "../lib/filters";

const LIMIT = 20;

export default function OldRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { market, options } = useMarketPage();
  const { list, term } = useMarketList({ search: "", status: "ALL", order: "" });
  const rows = useHistory(
    { page: list.page, limit: LIMIT, search: term },
    { ...market.query, status: list.values.status },
  );
  if (isForbidden(options.error) || isForbidden(rows.error)) return <ForbiddenNote />;
  const items = rows.data?.items ?? [];

  return (
    <div className="grid gap-6">
      <MarketTop title={t("analytics.old.title")} market={market} options={options.data} />
      <MarketToolbar
        id="an-old"
        list={list}
        placeholder={t("analytics.assessment.searchPlaceholder")}
        statuses="allFirst"
      />
      <MarketTable
        label={t("analytics.old.title")}
        columns={[
          { label: t("analytics.col.id") },
          { label: t("analytics.col.student") },
          { label: t("analytics.col.items") },
          { label: t("analytics.col.totalPaid"), numeric: true },
          { label: t("analytics.col.purchaseDate") },
          { label: t("analytics.col.status") },
          { label: t("analytics.col.paymentId") },
        ]}
        query={rows}
        count={items.length}
        filtered={list.filtered}
        empty={t("analytics.empty.noTransactions")}
      >
        {items.map((r) => (
          <Tr key={r.transactionId}>
            <TransactionLead id={r.id} student={r.studentName} />
            <Td label={t("analytics.col.items")}>
              <ul className="grid gap-0.5">
                {r.purchaseItems.map((item, i) => (
                  <li key={i} className="flex justify-between gap-3">
                    <span>
                      <LangParts text={item.label || item.name} parts={[item.name]} />
                    </span>
                    <span className="whitespace-nowrap tabular-nums text-slate-600">
                      {formatVnd(item.amount ?? item.price, locale)}
                    </span>
                  </li>
                ))}
              </ul>
            </Td>
            <MoneyCell label={t("analytics.col.totalPaid")} amount={r.totalPaid} strong />
            <DateCell label={t("analytics.col.purchaseDate")} iso={r.purchaseDate} />
            <StatusCell status={r.status} fallback={r.statusName} />
            <PaymentIdCell paymentId={r.paymentId} />
          </Tr>
        ))}
      </MarketTable>
      <MarketPager list={list} page={rows.data} />
    </div>
  );
}
