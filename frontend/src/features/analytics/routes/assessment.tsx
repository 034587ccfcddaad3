/** /alltransaction/grade/:grade/assessment/:testPresetId: the market transaction rows of one test
 * (or survey, ?kind=survey): one row per purchase with the student, add-on, amount paid and
 * dates; search, status, paging, and the spreadsheet export of what is shown. */
import { useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";

import { Input, Select } from "@/components/ui/field";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { exportTransactions } from "../api/export-file";
import { useMarketTransactions } from "../api/get-market-transactions";
import type { MarketFilters } from "../api/types";
import { BackLink } from "../components/back-link";
import { ExportButton } from "../components/export-button";
import { PageHeader } from "../components/page-header";
import { ErrorState, ForbiddenNote, isForbidden } from "../components/states";
import { STATUS_LABEL, STATUSES, StatusBadge } from "../components/status-badge";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";

import { SkeletonRows } from "../components/table";
import { useMarketFilters } from "../lib/filters";
import { useDebounced } from "../lib/use-debounced";

const LIMIT = 20;
const ALL = "ALL";

export default function AssessmentRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { grade, testPresetId } = useParams();
  const [searchParams] = useSearchParams();
  const kind = searchParams.get("kind") === "survey" ? "survey" : "test";
  const { filters, carried } = useMarketFilters();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("COMPLETED");
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const scoped: MarketFilters = { ...filters, test_preset_id: Number(testPresetId), kind, status };
  const rows = useMarketTransactions({ page, limit: LIMIT, search: term || undefined }, scoped);
  if (isForbidden(rows.error)) return <ForbiddenNote />;
  const items = rows.data?.items ?? [];
  const name = items[0]?.assessmentName;
  const back = new URLSearchParams(carried.slice(1));
  back.delete("kind");
  const backQuery = back.toString() ? `?${back.toString()}` : "";

  return (
    <div className="grid gap-6">
      <PageHeader
        title={name ? t("analytics.assessment.title", { name }) : t("analytics.assessment.untitled")}
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
          from: filters.from_date ? formatDay(filters.from_date, locale) : t("analytics.beginning"),
          to: filters.to_date ? formatDay(filters.to_date, locale) : t("analytics.today"),
        })}
      </p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,12rem)] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor="an-tx-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="an-tx-search"
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
          <label htmlFor="an-tx-status" className="text-xs font-medium text-slate-600">
            {t("analytics.col.status")}
          </label>
          <Select
            id="an-tx-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABEL[s]!)}
              </option>
            ))}
            <option value={ALL}>{t("common.all")}</option>
          </Select>
        </div>
      </div>
      {rows.data && (
        <p className="text-sm text-slate-600" data-testid="tx-totals">
          {t("analytics.assessment.totals", {
            count: rows.data.total,
            paid: formatVnd(rows.data.totals.totalPaid, locale),
          })}
        </p>
      )}
      <Table label={t("analytics.assessment.tableLabel")}>
        <Head>
          <Th>{t("analytics.col.id")}</Th>
          <Th>{t("analytics.col.student")}</Th>
          <Th>{t("analytics.col.purchase")}</Th>
          <Th className="text-right">{t("analytics.col.totalPaid")}</Th>
          <Th>{t("analytics.col.purchaseDate")}</Th>
          <Th>{t("analytics.col.completedDate")}</Th>
          <Th>{t("analytics.col.paymentId")}</Th>
          <Th>{t("analytics.col.status")}</Th>
        </Head>
        <Body>
          {rows.isPending && <SkeletonRows columns={8} />}
          {rows.isError && (
            <MessageRow colSpan={8}>
              <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
            </MessageRow>
          )}
          {rows.isSuccess && items.length === 0 && (
            <MessageRow colSpan={8}>
              {term ? t("analytics.empty.noMatches") : t("analytics.empty.noTransactions")}
            </MessageRow>
          )}
          {items.map((r) => (
            <Tr key={r.itemId}>
              <Td className="font-mono text-xs max-md:text-sm">#{r.id}</Td>
              <Td label={t("analytics.col.student")} className="font-medium">
                {r.studentName}
              </Td>
              <Td label={t("analytics.col.purchase")}>{r.purchase}</Td>
              <Td
                label={t("analytics.col.totalPaid")}
                className="whitespace-nowrap tabular-nums md:text-right"
              >
                {formatVnd(r.totalPaid, locale)}
              </Td>
              <Td label={t("analytics.col.purchaseDate")} className="whitespace-nowrap">
                {formatDateTime(r.purchaseDate, locale)}
              </Td>
              <Td label={t("analytics.col.completedDate")} className="whitespace-nowrap">
                {r.completedDate ? formatDateTime(r.completedDate, locale) : "—"}
              </Td>
              <Td label={t("analytics.col.paymentId")} className="font-mono text-xs">
                {r.paymentId || "—"}
              </Td>
              <Td label={t("analytics.col.status")}>
                <StatusBadge status={r.status} fallback={r.statusName} />
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {rows.data && <Pager page={page} limit={rows.data.limit} total={rows.data.total} onPage={setPage} />}
    </div>
  );
}

function formatDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(`${iso}T00:00:00`));
}
