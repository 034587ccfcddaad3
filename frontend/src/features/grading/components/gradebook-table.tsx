/** The gradebook's rows (issue 19): learner (a link to the attempt's detail once started), batch
 * (a test's gradebook only), status, the score on the test's reporting scale ("8,75/10"; decision
 * 0056) and each part's subtotal (a column per part), result, released, integrity and submitted
 * at; names are marked as Vietnamese on English pages. */
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { QueryRows } from "@/components/list/query-rows";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { formatScore, scoreCell } from "@/lib/score";

import type { GradebookPart, GradebookRow } from "../api/types";
import { IntegrityBadges } from "./integrity-badges";
import { ConsentWithdrawnBadge, ResultBadge } from "./result-badge";

const STATUS_LABEL: Record<GradebookRow["status"], MessageId> = {
  assigned: "assignments.status.assigned",
  in_progress: "assignments.status.in_progress",
  submitted: "assignments.status.submitted",
  graded: "assignments.status.graded",
};

export function GradebookTable({
  label,
  query,
  rows,
  parts,
  showBatch,
  empty,
  filtered,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean; refetch?: () => unknown };
  rows: GradebookRow[];
  /** The test's parts: a column each. */
  parts: GradebookPart[];
  showBatch: boolean;
  empty: string;
  filtered: boolean;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const columns = (showBatch ? 8 : 7) + parts.length;
  return (
    <Table label={label}>
      <Head>
        <Th>{t("grading.learner")}</Th>
        {showBatch && <Th>{t("grading.filter.batch")}</Th>}
        <Th>{t("grading.gradebook.status")}</Th>
        <Th className="text-right">{t("grading.score")}</Th>
        {parts.map((part) => (
          <Th key={part.position} className="whitespace-nowrap text-right">
            <abbr title={part.name} className="no-underline">
              {part.short_name}
            </abbr>
          </Th>
        ))}
        <Th>{t("grading.result")}</Th>
        <Th>{t("grading.released")}</Th>
        <Th>{t("grading.gradebook.integrity")}</Th>
        <Th>{t("grading.submittedAt")}</Th>
      </Head>
      <Body>
        <QueryRows
          query={query}
          count={rows.length}
          colSpan={columns}
          failed={t("grading.loadFailed")}
          empty={empty}
          noMatches={t("grading.gradebook.noMatches")}
          filtered={filtered}
        >
          {rows.map((row) => (
            <Tr key={row.assignment_id}>
              <Td className="max-md:text-base">
                <span className="grid">
                  {row.attempt_id ? (
                    <Link
                      to={`/assignment/result/${row.attempt_id}`}
                      className="font-medium text-slate-900 hover:text-blue-700 hover:underline"
                    >
                      <Lang>{row.learner_name}</Lang>
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">
                      <Lang>{row.learner_name}</Lang>
                    </span>
                  )}
                  <span className="text-xs text-slate-500 max-md:[overflow-wrap:anywhere]">
                    {row.learner_email}
                  </span>
                </span>
              </Td>
              {showBatch && (
                <Td label={t("grading.filter.batch")} className="md:min-w-28">
                  {row.batch_name ? <Lang>{row.batch_name}</Lang> : "—"}
                </Td>
              )}
              <Td label={t("grading.gradebook.status")} className="whitespace-nowrap">
                {t(STATUS_LABEL[row.status])}
              </Td>
              <Td label={t("grading.score")} className="whitespace-nowrap tabular-nums md:text-right">
                {scoreCell(row, locale)}
              </Td>
              {parts.map((part) => {
                const mine = row.parts.find((p) => p.position === part.position);
                return (
                  <Td
                    key={part.position}
                    label={part.short_name}
                    className="whitespace-nowrap tabular-nums md:text-right"
                  >
                    {mine && mine.scale_score !== null
                      ? formatScore(mine.scale_score, mine.scale_max, locale)
                      : "—"}
                  </Td>
                );
              })}
              <Td label={t("grading.result")}>
                <span className="flex flex-wrap gap-1">
                  <ResultBadge result={row.result} />
                  <ConsentWithdrawnBadge reason={row.submit_reason} />
                </span>
              </Td>
              <Td label={t("grading.released")} className="whitespace-nowrap">
                {!row.attempt_id ? (
                  "—"
                ) : row.released ? (
                  <span className="grid text-emerald-800">
                    {t("grading.gradebook.releasedYes")}
                    {row.released_at && (
                      <span className="text-xs text-slate-600">
                        {formatDateTime(row.released_at, locale)}
                      </span>
                    )}
                  </span>
                ) : (
                  <span className="text-slate-600">{t("grading.notReleased")}</span>
                )}
              </Td>
              <Td label={t("grading.gradebook.integrity")}>
                <IntegrityBadges flags={row.integrity} tabSwitches={row.tab_switches} />
              </Td>
              <Td label={t("grading.submittedAt")} className="whitespace-nowrap">
                {row.submitted_at ? (
                  formatDateTime(row.submitted_at, locale)
                ) : (
                  <span className="text-slate-500">{t("grading.gradebook.notSubmitted")}</span>
                )}
              </Td>
            </Tr>
          ))}
        </QueryRows>
      </Body>
    </Table>
  );
}
