/** /assignment/grading/list — essay and unmatched short answers waiting for a score (or already
 * graded): filter by test and batch, pending and graded tabs, paging; each row opens the grading
 * editor with the same filters (so "next" follows them). Filters live in the URL. */
import { ClipboardCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";

import { inLanguage, MathHtml } from "@/components/math-html";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useGrading } from "../api/get-grading";
import { formatScore, TYPE_LABEL } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { idParam, TestBatchFilters } from "../components/test-batch-filters";

const LIMIT = 20;
const STATES = ["pending", "graded"] as const;

/** The editor's address for an answer, carrying the list's filters. */
export function editorPath(answerId: number, params: URLSearchParams): string {
  const next = new URLSearchParams();
  next.set("answer", String(answerId));
  for (const key of ["preset", "batch", "state"]) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  return `/assignment/grading/edit?${next.toString()}`;
}

export default function GradingListRoute() {
  const t = useT();
  const { language, locale } = useLanguage();
  const [params, setParams] = useSearchParams();
  const presetId = idParam(params.get("preset"));
  const batchId = idParam(params.get("batch"));
  const state = params.get("state") === "graded" ? "graded" : "pending";
  const page = idParam(params.get("page")) ?? 1;
  const list = useGrading({ page, limit: LIMIT, preset_id: presetId, batch_id: batchId, state });
  const items = list.data?.items ?? [];

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next, { replace: true });
  };

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
            onClick={() => update({ state: s === "pending" ? undefined : s })}
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
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,18rem)]">
        <TestBatchFilters
          idPrefix="grading"
          presetId={presetId}
          batchId={batchId}
          onChange={(f) => update({ preset: f.presetId, batch: f.batchId })}
        />
      </div>
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
          {list.isPending && <MessageRow colSpan={6}>{t("common.loading")}</MessageRow>}
          {list.isError && (
            <MessageRow colSpan={6}>
              <span role="alert">{t("grading.loadFailed")}</span>
            </MessageRow>
          )}
          {list.isSuccess && items.length === 0 && (
            <MessageRow colSpan={6}>
              {t(state === "pending" ? "grading.list.emptyPending" : "grading.list.emptyGraded")}
            </MessageRow>
          )}
          {items.map((row) => (
            <Tr key={row.id}>
              <Td className="font-medium max-md:text-base">{row.learner_name}</Td>
              <Td label={t("grading.test")}>{row.preset_name}</Td>
              <Td label={t("grading.question")} className="max-w-md">
                <MathHtml html={inLanguage(row.stem, language)} className="line-clamp-2 [&_br]:hidden" />
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
                    {formatScore(row.score, locale)}/{formatScore(row.points, locale)}
                  </span>
                ) : (
                  formatScore(row.points, locale)
                )}
              </Td>
              <Td className="md:text-right">
                <Link
                  to={editorPath(row.id, params)}
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                  aria-label={t("grading.list.gradeOf", { name: row.learner_name })}
                >
                  <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
                  {t(state === "pending" ? "grading.list.grade" : "grading.list.review")}
                </Link>
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {list.data && (
        <Pager
          page={page}
          limit={list.data.limit}
          total={list.data.total}
          onPage={(p) => update({ page: p })}
        />
      )}
    </div>
  );
}
