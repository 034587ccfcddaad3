/** /assignment/result/index (educators) — results: filter by test, batch, result and learner;
 * release one graded result, or every graded result of the chosen batch (with confirmation);
 * voided results are marked. Each row opens the attempt's detail. Filters live in the URL. */
import { Eye, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDateTime } from "@/lib/format";
import { scoreCell } from "@/lib/score";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAttempts } from "../api/get-attempts";
import { useReleaseAttempt } from "../api/release-attempt";
import { useReleaseBatch } from "../api/release-batch";
import { RESULTS } from "../api/types";
import { RESULT_LABEL } from "../components/labels";
import { ConsentWithdrawnBadge, ResultBadge, VoidedBadge } from "../components/result-badge";
import { idParam, TestBatchFilters } from "../components/test-batch-filters";

const LIMIT = 20;

export default function ResultsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { values, page, filtered, set } = useListParams({ preset: "", batch: "", result: "", search: "" });
  const batchId = idParam(values.batch);
  const attempts = useAttempts({
    page,
    limit: LIMIT,
    preset_id: idParam(values.preset),
    batch_id: batchId,
    result: values.result || undefined,
    search: values.search.trim() || undefined,
  });
  const releaseOne = useReleaseAttempt();
  const releaseBatch = useReleaseBatch();
  const [confirmBatch, setConfirmBatch] = useState(false);
  const [batchError, setBatchError] = useState("");
  const items = attempts.data?.items ?? [];

  const released = (count: number) =>
    toast({ variant: "success", title: t("grading.results.releasedN", { count }) });

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("grading.results.title")}</h1>
          <p className="text-sm text-slate-600">{t("grading.results.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/assignment/grading/list"
            className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {t("grading.list.title")}
          </Link>
          <Button
            disabled={!batchId}
            title={batchId ? undefined : t("grading.results.chooseBatch")}
            onClick={() => {
              setBatchError("");
              setConfirmBatch(true);
            }}
          >
            <Send className="h-4 w-4" aria-hidden="true" /> {t("grading.results.releaseBatch")}
          </Button>
        </div>
      </div>
      <ListToolbar>
        <TestBatchFilters idPrefix="results" preset={values.preset} batch={values.batch} onChange={set} />
        <SelectFilter
          id="results-result"
          label={t("grading.result")}
          value={values.result}
          onChange={(result) => set({ result })}
          choices={RESULTS.map((r) => ({ value: r, label: t(RESULT_LABEL[r]!) }))}
          allLabel
        />
        <SearchFilter
          id="results-search"
          value={values.search}
          onChange={(search) => set({ search })}
          placeholder={t("grading.results.searchPlaceholder")}
        />
      </ListToolbar>
      <Table label={t("grading.results.title")}>
        <Head>
          <Th>{t("grading.learner")}</Th>
          <Th>{t("grading.test")}</Th>
          <Th>{t("grading.submittedAt")}</Th>
          <Th className="text-right">{t("grading.score")}</Th>
          <Th>{t("grading.result")}</Th>
          <Th>{t("grading.released")}</Th>
          <Th>
            <span className="sr-only">{t("grading.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={attempts}
            count={items.length}
            colSpan={7}
            failed={t("grading.loadFailed")}
            empty={t("grading.results.empty")}
            noMatches={t("grading.results.noMatches")}
            filtered={filtered}
          >
            {items.map((row) => (
              <Tr key={row.id}>
                <Td className="max-md:text-base">
                  <Link
                    to={`/assignment/result/${row.id}`}
                    className="font-medium text-slate-900 hover:text-blue-700 hover:underline"
                  >
                    {row.learner_name}
                  </Link>
                  <span className="block text-xs text-slate-500 max-md:hidden">{row.learner_email}</span>
                </Td>
                <Td label={t("grading.test")}>{row.preset_name}</Td>
                <Td label={t("grading.submittedAt")} className="whitespace-nowrap">
                  {row.submitted_at ? formatDateTime(row.submitted_at, locale) : t("grading.inProgress")}
                </Td>
                <Td label={t("grading.score")} className="whitespace-nowrap tabular-nums md:text-right">
                  {scoreCell(row, locale)}
                </Td>
                <Td label={t("grading.result")}>
                  <span className="flex flex-wrap gap-1">
                    <ResultBadge result={row.result} />
                    {row.voided && <VoidedBadge />}
                    <ConsentWithdrawnBadge reason={row.submit_reason} />
                  </span>
                </Td>
                <Td label={t("grading.released")} className="whitespace-nowrap">
                  {row.released_at ? (
                    <span className="text-emerald-700">{formatDateTime(row.released_at, locale)}</span>
                  ) : (
                    <span className="text-slate-500">{t("grading.notReleased")}</span>
                  )}
                </Td>
                <Td className="md:text-right">
                  <span className="flex flex-wrap justify-end gap-2 max-md:justify-start">
                    {!row.released_at && row.result !== "pending" && row.status === "submitted" && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={releaseOne.isPending}
                        aria-label={t("grading.results.releaseOf", { name: row.learner_name })}
                        onClick={() =>
                          releaseOne.mutate(row.id, { onSuccess: (data) => released(data.released) })
                        }
                      >
                        <Send className="h-4 w-4" aria-hidden="true" /> {t("grading.results.release")}
                      </Button>
                    )}
                    <Link
                      to={`/assignment/result/${row.id}`}
                      aria-label={t("grading.results.viewOf", { name: row.learner_name })}
                      className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-blue-700 hover:bg-slate-100"
                    >
                      <Eye className="h-4 w-4" aria-hidden="true" /> {t("grading.results.view")}
                    </Link>
                  </span>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {attempts.data && (
        <Pager
          page={page}
          limit={attempts.data.limit}
          total={attempts.data.total}
          onPage={(p) => set({ page: p })}
        />
      )}
      <ConfirmDialog
        open={confirmBatch}
        onCancel={() => setConfirmBatch(false)}
        onConfirm={() =>
          batchId &&
          releaseBatch.mutate(batchId, {
            onSuccess: (data) => {
              setConfirmBatch(false);
              released(data.released);
            },
            onError: (error) => setBatchError(error.message || t("common.unknownError")),
          })
        }
        title={t("grading.results.releaseBatchTitle")}
        description={t("grading.results.releaseBatchText")}
        confirmLabel={t("grading.results.releaseBatch")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        busy={releaseBatch.isPending}
        error={batchError}
      />
    </div>
  );
}
