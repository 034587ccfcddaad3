/** /assignment/student — the learner's tests across organizations (issue 7, item 1): test,
 * organization, status, batch window, attempts (and the latest attempt's number), score out of
 * the maximum, result (pending, passed, failed; released or pending release), due date, price
 * and source, with the action that fits (prepare, continue, result); search, status filter,
 * paging; an empty state that leads to the marketplace. */
import { useState } from "react";
import { Link } from "react-router-dom";

import { Input, Select } from "@/components/ui/field";
import { formatDate, formatDateTime, formatNumber, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useMyAssignments } from "../api/get-my-assignments";
import { MY_STATUSES } from "../api/types";
import { AssignmentAction, linkButton } from "../components/assignment-action";
import { sourceLabel, statusLabel } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ResultBadge, StatusBadge } from "../components/status-badge";
import { useDebounced } from "../components/use-debounced";
import { paths } from "../lib/paths";

const LIMIT = 10;
const ALL = "__all";
const COLUMNS = 10;

export default function MyTestsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [page, setPage] = useState(1);
  const settled = useDebounced(search.trim(), 300);
  const list = useMyAssignments({
    page,
    limit: LIMIT,
    search: settled || undefined,
    status: status === ALL ? undefined : status,
  });
  const items = list.data?.items ?? [];
  const filtered = settled !== "" || status !== ALL;
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, locale) : "—");

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("nav.myTests")}</h1>
        <p className="text-sm text-slate-600">{t("myTests.intro")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,14rem)]">
        <div className="grid gap-1">
          <label htmlFor="my-tests-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="my-tests-search"
            type="search"
            placeholder={t("myTests.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="my-tests-status" className="text-xs font-medium text-slate-600">
            {t("myTests.column.status")}
          </label>
          <Select
            id="my-tests-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("common.all")}</option>
            {MY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusLabel(s))}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Table label={t("nav.myTests")}>
        <Head>
          <Th>{t("myTests.column.test")}</Th>
          <Th>{t("myTests.column.status")}</Th>
          <Th>{t("myTests.column.window")}</Th>
          <Th>{t("myTests.column.attempts")}</Th>
          <Th>{t("myTests.column.score")}</Th>
          <Th>{t("myTests.column.result")}</Th>
          <Th>{t("myTests.column.due")}</Th>
          <Th>{t("myTests.column.cost")}</Th>
          <Th>{t("myTests.column.source")}</Th>
          <Th>
            <span className="sr-only">{t("myTests.column.action")}</span>
          </Th>
        </Head>
        <Body>
          {list.isPending && <MessageRow colSpan={COLUMNS}>{t("common.loading")}</MessageRow>}
          {list.isError && (
            <MessageRow colSpan={COLUMNS}>
              <span role="alert">{t("myTests.loadFailed")}</span>
            </MessageRow>
          )}
          {list.isSuccess && items.length === 0 && (
            <MessageRow colSpan={COLUMNS}>
              {filtered ? (
                t("myTests.noMatches")
              ) : (
                <span className="grid justify-items-center gap-3">
                  <span>{t("myTests.empty")}</span>
                  <Link
                    to="/marketplace"
                    className={`${linkButton} bg-blue-700 text-white hover:bg-blue-800`}
                  >
                    {t("myTests.toMarketplace")}
                  </Link>
                </span>
              )}
            </MessageRow>
          )}
          {items.map((row) => (
            <Tr key={row.enrollment_id}>
              <Td className="max-md:text-base">
                <span className="grid gap-0.5">
                  <Link
                    to={paths.detail(row.enrollment_id)}
                    className="font-medium text-slate-900 hover:text-blue-700 hover:underline"
                  >
                    {row.preset_name}
                  </Link>
                  <span className="text-xs text-slate-500">
                    {row.organization}
                    {row.grade ? ` · ${t("myTests.gradeN", { grade: row.grade })}` : ""}
                  </span>
                </span>
              </Td>
              <Td label={t("myTests.column.status")}>
                <StatusBadge status={row.status} />
              </Td>
              <Td label={t("myTests.column.window")} className="text-xs">
                {row.window_starts_at || row.window_expires_at ? (
                  <span className="grid">
                    {row.batch_name && <span className="font-medium text-slate-700">{row.batch_name}</span>}
                    <span>
                      {when(row.window_starts_at)} – {when(row.window_expires_at)}
                    </span>
                  </span>
                ) : (
                  "—"
                )}
              </Td>
              <Td label={t("myTests.column.attempts")}>
                <span className="grid">
                  <span>{row.attempts_allowed}</span>
                  {row.attempt_no !== null && (
                    <span className="whitespace-nowrap text-xs text-slate-500">
                      {t("myTests.attemptN", { n: row.attempt_no })}
                    </span>
                  )}
                </span>
              </Td>
              <Td label={t("myTests.column.score")} className="whitespace-nowrap tabular-nums">
                {row.max_score !== null && row.attempt_status === "submitted"
                  ? t("takeTest.result.scoreOf", {
                      score: row.score !== null ? formatNumber(row.score, locale) : "—",
                      max: formatNumber(row.max_score, locale),
                    })
                  : "—"}
              </Td>
              <Td label={t("myTests.column.result")}>
                {row.attempt_status === "submitted" ? (
                  <span className="grid justify-items-start gap-0.5">
                    <ResultBadge result={row.result} />
                    <span className="whitespace-nowrap text-xs text-slate-500">
                      {t(row.released ? "myTests.released" : "myTests.pendingRelease")}
                    </span>
                  </span>
                ) : (
                  "—"
                )}
              </Td>
              <Td label={t("myTests.column.due")} className="whitespace-nowrap">
                {row.due_at ? formatDate(row.due_at, locale) : "—"}
              </Td>
              <Td label={t("myTests.column.cost")} className="whitespace-nowrap">
                {row.purchase_cost > 0 ? formatVnd(row.purchase_cost, locale) : t("myTests.free")}
              </Td>
              <Td label={t("myTests.column.source")}>{t(sourceLabel(row.source))}</Td>
              <Td className="md:text-right">
                <AssignmentAction row={row} />
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {list.data && <Pager page={page} limit={list.data.limit} total={list.data.total} onPage={setPage} />}
    </div>
  );
}
