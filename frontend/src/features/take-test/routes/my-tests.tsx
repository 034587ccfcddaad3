/** /assignment/student — the learner's tests across organizations (issue 7, item 1): test,
 * organization, status, batch window, attempts (and the latest attempt's number), score out of
 * the maximum, result (pending, passed, failed; released or pending release), due date, price
 * and source, with the action that fits (prepare, continue, result); search, status filter,
 * paging; an empty state that leads to the marketplace. */
import { Link } from "react-router-dom";

import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDate, formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { scoreCell } from "@/lib/score";
import { useDebounced } from "@/lib/use-debounced";

import { useMyAssignments } from "../api/get-my-assignments";
import { MY_STATUSES } from "../api/types";
import { AssignmentAction, linkButton } from "../components/assignment-action";
import { sourceLabel, statusLabel } from "../components/labels";
import { ResultBadge, StatusBadge } from "../components/status-badge";
import { paths } from "../lib/paths";

const LIMIT = 10;
const COLUMNS = 10;

export default function MyTestsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { values, page, filtered, set } = useListParams({ search: "", status: "" });
  const settled = useDebounced(values.search.trim(), 300);
  const list = useMyAssignments({
    page,
    limit: LIMIT,
    search: settled || undefined,
    status: values.status || undefined,
  });
  const items = list.data?.items ?? [];
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, locale) : "—");

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("nav.myTests")}</h1>
        <p className="text-sm text-slate-600">{t("myTests.intro")}</p>
      </div>
      <ListToolbar>
        <SearchFilter
          id="my-tests-search"
          value={values.search}
          placeholder={t("myTests.searchPlaceholder")}
          onChange={(search) => set({ search })}
        />
        <SelectFilter
          id="my-tests-status"
          label={t("myTests.column.status")}
          value={values.status}
          onChange={(status) => set({ status })}
          allLabel
          choices={MY_STATUSES.map((value) => ({ value, label: t(statusLabel(value)) }))}
        />
      </ListToolbar>
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
          <QueryRows
            query={list}
            count={items.length}
            colSpan={COLUMNS}
            failed={t("myTests.loadFailed")}
            filtered={filtered}
            noMatches={t("myTests.noMatches")}
            empty={
              <span className="grid justify-items-center gap-3">
                <span>{t("myTests.empty")}</span>
                <Link to="/marketplace" className={`${linkButton} bg-blue-700 text-white hover:bg-blue-800`}>
                  {t("myTests.toMarketplace")}
                </Link>
              </span>
            }
          >
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
                  {row.attempt_status === "submitted" ? scoreCell(row, locale) : "—"}
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
          </QueryRows>
        </Body>
      </Table>
      {list.data && (
        <Pager
          page={page}
          limit={list.data.limit}
          total={list.data.total}
          onPage={(next) => set({ page: next })}
        />
      )}
    </div>
  );
}
