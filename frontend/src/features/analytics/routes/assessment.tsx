/** /alltransaction/grade/:grade/assessment/:testPresetId: the market transaction rows of one test
 * (or survey, ?kind=survey): one row per purchase with the student, add-on, amount paid and
 * dates; search, status, paging (in the address), and the spreadsheet export of what is shown. */
import { useParams, useSearchParams } from "react-router-dom";

import { LangParts } from "@/components/lang";
import { Td, Tr } from "@/components/ui/responsive-table";
import { formatDate, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { exportTransactions } from "../api/export-file";
import { useMarketTransactions } from "../api/get-market-transactions";
import type { MarketFilters } from "../api/types";
import { BackLink } from "../components/back-link";
import { ExportButton } from "../components/export-button";
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
import { PageHeader } from "../components/page-header";
import { ForbiddenNote, isForbidden } from "../components/states";
import { useMarketFilters } from "../lib/filters";

const LIMIT = 20;

export default function AssessmentRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { grade, testPresetId } = useParams();
  const [searchParams] = useSearchParams();
  const kind = searchParams.get("kind") === "survey" ? "survey" : "test";
  const { filters, carried } = useMarketFilters();
  const { list, term } = useMarketList({ search: "", status: "COMPLETED", order: "" });
  const scoped: MarketFilters = {
    ...filters,
    test_preset_id: Number(testPresetId),
    kind,
    status: list.values.status,
  };
  const rows = useMarketTransactions({ page: list.page, limit: LIMIT, search: term }, scoped);
  if (isForbidden(rows.error)) return <ForbiddenNote />;
  const items = rows.data?.items ?? [];
  const name = items[0]?.assessmentName;
  const back = new URLSearchParams(carried.slice(1));
  back.delete("kind");
  const backQuery = back.toString() ? `?${back.toString()}` : "";

  return (
    <div className="grid gap-6">
      <PageHeader
        title={
          name ? (
            <LangParts text={t("analytics.assessment.title", { name })} parts={[name]} />
          ) : (
            t("analytics.assessment.untitled")
          )
        }
        back={
          <BackLink to={`/alltransaction/grade/${grade}${backQuery}`}>
            {t("analytics.backToGrade", { grade: grade ?? "" })}
          </BackLink>
        }
      >
        <ExportButton
          label="analytics.export.xlsx"
          run={() => exportTransactions(scoped, term)}
          disabled={!rows.data || rows.data.total === 0}
        />
      </PageHeader>
      <p className="text-sm text-slate-600">
        {t("analytics.assessment.period", {
          from: filters.from_date ? formatDate(filters.from_date, locale) : t("analytics.beginning"),
          to: filters.to_date ? formatDate(filters.to_date, locale) : t("analytics.today"),
        })}
      </p>
      <MarketToolbar
        id="an-tx"
        list={list}
        placeholder={t("analytics.assessment.searchPlaceholder")}
        statuses="allLast"
      />
      {rows.data && (
        <p className="text-sm text-slate-600" data-testid="tx-totals">
          {t("analytics.assessment.totals", {
            count: rows.data.total,
            paid: formatVnd(rows.data.totals.totalPaid, locale),
          })}
        </p>
      )}
      <MarketTable
        label={t("analytics.assessment.tableLabel")}
        columns={[
          { label: t("analytics.col.id") },
          { label: t("analytics.col.student") },
          { label: t("analytics.col.purchase") },
          { label: t("analytics.col.totalPaid"), numeric: true },
          { label: t("analytics.col.purchaseDate") },
          { label: t("analytics.col.completedDate") },
          { label: t("analytics.col.paymentId") },
          { label: t("analytics.col.status") },
        ]}
        query={rows}
        count={items.length}
        filtered={list.filtered}
        empty={t("analytics.empty.noTransactions")}
      >
        {items.map((r) => (
          <Tr key={r.itemId}>
            <TransactionLead id={r.id} student={r.studentName} />
            <Td label={t("analytics.col.purchase")}>{r.purchase}</Td>
            <MoneyCell label={t("analytics.col.totalPaid")} amount={r.totalPaid} />
            <DateCell label={t("analytics.col.purchaseDate")} iso={r.purchaseDate} />
            <DateCell label={t("analytics.col.completedDate")} iso={r.completedDate} />
            <PaymentIdCell paymentId={r.paymentId} />
            <StatusCell status={r.status} fallback={r.statusName} />
          </Tr>
        ))}
      </MarketTable>
      <MarketPager list={list} page={rows.data} />
    </div>
  );
}
