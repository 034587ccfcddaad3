/** /assignment/grading/list — essay and unmatched short answers waiting for a score (or already
 * graded): filter by test and batch, pending and graded tabs, paging; each row opens the grading
 * editor with the same filters (so "next" follows them). Filters live in the URL. */
import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router-dom";

import { ListToolbar } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { MathHtml } from "@/components/math-html";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useGrading } from "../api/get-grading";
import { formatPoints, TYPE_LABEL } from "../components/labels";
import { idParam, TestBatchFilters } from "../components/test-batch-filters";
import { editorPath } from "../lib/paths";

const LIMIT = 20;
const STATES = ["pending", "graded"] as const;

export default function GradingListRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { values, page, set } = useListParams({ preset: "", batch: "", state: "pending" });
  const state = values.state === "graded" ? "graded" : "pending";
  const filters = { preset: values.preset, batch: values.batch, state: state === "graded" ? state : "" };
  const list = useGrading({
    page,
    limit: LIMIT,
    preset_id: idParam(values.preset),
    batch_id: idParam(values.batch),
    state,
  });
  const items = list.data?.items ?? [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("grading.list.title")}</h1>
          <p className="text-sm text-slate-600">{t("grading.list.intro")}</p>
        </div>
        <Link to="/assignment/result/index" className="text-sm font-medium text-blue-700 hover:underline">
          {t("grading.toResults")}
        </Link>
      </div>
      <div
        role="tablist"
        aria-label={t("grading.list.tabs")}
        className="flex gap-1 border-b border-slate-200"
      >
        {STATES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={state === s}
            onClick={() => set({ state: s })}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
              state === s
                ? "border-blue-700 text-blue-800"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {t(s === "pending" ? "grading.list.pending" : "grading.list.graded")}
          </button>
        ))}
      </div>
      <ListToolbar>
        <TestBatchFilters idPrefix="grading" preset={values.preset} batch={values.batch} onChange={set} />
      </ListToolbar>
      {list.data && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {t(state === "pending" ? "grading.list.pendingCount" : "grading.list.gradedCount", {
            count: list.data.total,
          })}
        </p>
      )}
      <Table label={t("grading.list.title")}>
        <Head>
          <Th>{t("grading.learner")}</Th>
          <Th>{t("grading.test")}</Th>
          <Th>{t("grading.question")}</Th>
          <Th>{t("grading.type")}</Th>
          <Th className="text-right">{state === "graded" ? t("grading.score") : t("grading.points")}</Th>
          <Th>
            <span className="sr-only">{t("grading.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={list}
            count={items.length}
            colSpan={6}
            failed={t("grading.loadFailed")}
            empty={t(state === "pending" ? "grading.list.emptyPending" : "grading.list.emptyGraded")}
          >
            {items.map((row) => (
              <Tr key={row.id}>
                <Td className="font-medium max-md:text-base">{row.learner_name}</Td>
                <Td label={t("grading.test")}>{row.preset_name}</Td>
                <Td label={t("grading.question")} className="max-w-md">
                  <MathHtml text={row.stem} className="line-clamp-2 [&_br]:hidden" />
                </Td>
                <Td label={t("grading.type")} className="whitespace-nowrap">
                  {TYPE_LABEL[row.question_type] ? t(TYPE_LABEL[row.question_type]!) : row.question_type}
                </Td>
                <Td
                  label={state === "graded" ? t("grading.score") : t("grading.points")}
                  className="md:text-right"
                >
                  {state === "graded" ? (
                    <span title={row.graded_at ? formatDateTime(row.graded_at, locale) : undefined}>
                      {formatPoints(row.score, locale)}/{formatPoints(row.points, locale)}
                    </span>
                  ) : (
                    formatPoints(row.points, locale)
                  )}
                </Td>
                <Td className="md:text-right">
                  <Link
                    to={editorPath(row.id, filters)}
                    className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                    aria-label={t("grading.list.gradeOf", { name: row.learner_name })}
                  >
                    <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
                    {t(state === "pending" ? "grading.list.grade" : "grading.list.review")}
                  </Link>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {list.data && (
        <Pager page={page} limit={list.data.limit} total={list.data.total} onPage={(p) => set({ page: p })} />
      )}
    </div>
  );
}
