/** A gradebook page (issue 19): a test's (every batch) or one batch's learners with their score,
 * result, release and integrity flags; search and order in the URL; the .xlsx download with the
 * same search and order; on a batch's page, "release the whole batch" after a confirmation that
 * says how many results it releases; a link to the same scope's item analysis (issue 19). */
import { useQuery } from "@tanstack/react-query";
import { ChartColumn, Download, Send } from "lucide-react";
import { useState } from "react";

import { Lang } from "@/components/lang";
import { ScopeHeader } from "@/components/scope-header";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { ApiError } from "@/lib/api-client";
import { useDownload } from "@/lib/download";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { useDebounced } from "@/lib/use-debounced";

import { exportGradebook } from "../api/export-gradebook";
import { batchGradebookQuery } from "../api/get-batch-gradebook";
import { presetGradebookQuery } from "../api/get-preset-gradebook";
import { useReleaseBatch } from "../api/release-batch";
import type { GradebookScope } from "../api/types";
import { GradebookTable } from "./gradebook-table";

const LIMIT = 20;

const ORDERS: { value: string; label: MessageId }[] = [
  { value: "learner_name", label: "grading.gradebook.order.name" },
  { value: "-learner_name", label: "grading.gradebook.order.nameDesc" },
  { value: "-score", label: "grading.gradebook.order.scoreDesc" },
  { value: "score", label: "grading.gradebook.order.score" },
  { value: "result", label: "grading.gradebook.order.result" },
  { value: "-submitted_at", label: "grading.gradebook.order.submittedDesc" },
  { value: "submitted_at", label: "grading.gradebook.order.submitted" },
];

export function GradebookView({ scope, id }: { scope: GradebookScope; id: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const { values, page, filtered, set } = useListParams({ search: "", order: "learner_name" });
  const search = useDebounced(values.search.trim());
  const query = { page, limit: LIMIT, search: search || undefined, order_by: values.order };
  const book = useQuery(
    scope === "preset" ? presetGradebookQuery(id, query) : batchGradebookQuery(id, query),
  );
  const release = useReleaseBatch();
  const [confirming, setConfirming] = useState(false);
  const [releaseError, setReleaseError] = useState("");
  const { downloading: exporting, download } = useDownload(
    () => exportGradebook(scope, id, { search: search || undefined, order_by: values.order }),
    t("grading.gradebook.exportFailed"),
  );

  if (book.isError && book.error instanceof ApiError && book.error.status === 404) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t(scope === "preset" ? "grading.gradebook.testNotFound" : "assignments.batchNotFound")}
      </p>
    );
  }

  const data = book.data;
  const info = data?.scope;
  const counts = data?.counts;
  const releasable = counts?.releasable ?? 0;
  const title =
    scope === "preset" ? info?.preset_name : info?.batch_name || (info && t("assignments.batchN", { id }));
  const figures: [MessageId, number | undefined][] = [
    ["grading.gradebook.learners", counts?.learners],
    ["grading.gradebook.submitted", counts?.submitted],
    ["grading.gradebook.graded", counts?.graded],
    ["grading.gradebook.released", counts?.released],
    ["grading.gradebook.flagged", counts?.flagged],
  ];

  return (
    <div className="grid gap-6">
      <ScopeHeader
        back={{
          to: scope === "preset" ? `/test-preset/detail/${id}` : `/assignment/batch-detail/${id}`,
          label: t(scope === "preset" ? "grading.gradebook.backToTest" : "grading.progress.back"),
        }}
        kicker={t(scope === "preset" ? "grading.gradebook.kickerPreset" : "grading.gradebook.kickerBatch")}
        title={title ? <Lang>{title}</Lang> : t("grading.gradebook.title")}
        wholeTest={
          info && scope === "batch"
            ? {
                to: `/assignment/gradebook/preset/${info.preset_id}`,
                name: info.preset_name,
                label: t("grading.gradebook.wholeTest"),
              }
            : undefined
        }
        intro={t(scope === "preset" ? "grading.gradebook.intro" : "grading.gradebook.introBatch")}
      >
        <div className="grid justify-items-start gap-2 sm:justify-items-end">
          <div className="flex flex-wrap gap-2">
            <ButtonLink variant="outline" to={`/assignment/item-analysis/${scope}/${id}`}>
              <ChartColumn className="h-4 w-4" aria-hidden="true" /> {t("tests.itemAnalysis")}
            </ButtonLink>
            <Button variant="outline" onClick={() => void download()} disabled={exporting || !data}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {exporting ? t("grading.gradebook.exporting") : t("grading.gradebook.export")}
            </Button>
            {scope === "batch" && (
              <Button
                disabled={!data || releasable === 0}
                onClick={() => {
                  setReleaseError("");
                  setConfirming(true);
                }}
              >
                <Send className="h-4 w-4" aria-hidden="true" /> {t("grading.results.releaseBatch")}
              </Button>
            )}
          </div>
          {scope === "batch" && data && (
            <p className="text-sm text-slate-600">
              {t("grading.gradebook.releasable", { count: releasable })}
            </p>
          )}
        </div>
      </ScopeHeader>

      <section aria-label={t("grading.gradebook.figures")}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
              <dt className="text-xs text-slate-600">{t(label)}</dt>
              <dd className="text-2xl font-semibold tabular-nums">
                {value === undefined ? "—" : formatNumber(value, locale)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="grid gap-3" aria-labelledby="gradebook-rows">
        <h2 id="gradebook-rows" className="sr-only">
          {t("grading.gradebook.title")}
        </h2>
        <ListToolbar>
          <SearchFilter
            id="gradebook-search"
            value={values.search}
            onChange={(value) => set({ search: value })}
            placeholder={t("grading.results.searchPlaceholder")}
          />
          <SelectFilter
            id="gradebook-order"
            label={t("common.sort")}
            value={values.order}
            onChange={(order) => set({ order })}
            choices={ORDERS.map((o) => ({ value: o.value, label: t(o.label) }))}
          />
        </ListToolbar>
        <GradebookTable
          label={t("grading.gradebook.title")}
          query={book}
          rows={data?.items ?? []}
          parts={data?.scope.parts ?? []}
          showBatch={scope === "preset"}
          empty={t(scope === "preset" ? "grading.gradebook.empty" : "grading.progress.empty")}
          filtered={filtered}
        />
        {info && (
          <p className="text-xs text-slate-600">
            {t(info.camera_proctoring ? "grading.gradebook.flagsHintCamera" : "grading.gradebook.flagsHint", {
              allowed: info.tab_switches_allowed,
            })}
          </p>
        )}
        {data && <Pager page={page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />}
      </section>

      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          release.mutate(id, {
            onSuccess: (result) => {
              setConfirming(false);
              toast({
                variant: "success",
                title: t("grading.results.releasedN", { count: result.released }),
              });
            },
            onError: (error) => setReleaseError(error.message || t("common.unknownError")),
          })
        }
        title={t("grading.results.releaseBatchTitle")}
        description={t("grading.gradebook.releaseText", { count: releasable })}
        confirmLabel={t("grading.gradebook.releaseConfirm", { count: releasable })}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        busy={release.isPending}
        error={releaseError}
      />
    </div>
  );
}
