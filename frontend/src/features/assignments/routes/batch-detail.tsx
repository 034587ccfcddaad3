/** /assignment/batch-detail/:batchId: one batch's figures (state, times, slots, available,
 * pending, taken; read-only) and the learners registered in it, with search and paging. */
import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useAssignments } from "../api/get-assignments";
import { useBatch } from "../api/get-batch";
import { AssignmentNav } from "../components/assignment-nav";
import { Badge } from "../components/badge";
import { BATCH_STATE_LABEL, BATCH_STATE_TONE } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { assignmentPaths } from "../components/paths";
import { SlotBar, SlotLegend } from "../components/slot-bar";
import { LoadFailed, Loading } from "../components/states";
import { TakersTable } from "../components/takers-table";
import { useDebounced } from "../components/use-debounced";

const LIMIT = 20;

export default function BatchDetailRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const batchId = Number(useParams().batchId);
  const batch = useBatch(batchId);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const learners = useAssignments(
    { page, limit: LIMIT, batch_id: batchId, search: debounced || undefined, order_by: "learner_name" },
    { enabled: batch.isSuccess },
  );

  if (batch.isPending) return <Loading />;
  if (batch.isError) {
    return (
      <div className="grid gap-6">
        <AssignmentNav />
        {batch.error instanceof ApiError && batch.error.status === 404 ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {t("assignments.batchNotFound")}
          </p>
        ) : (
          <LoadFailed onRetry={() => void batch.refetch()} />
        )}
      </div>
    );
  }

  const b = batch.data;
  const figures: [string, number][] = [
    [t("assignments.col.slots"), b.slots],
    [t("assignments.slots.available"), b.available],
    [t("assignments.slots.pending"), b.pending],
    [t("assignments.slots.taken"), b.taken],
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-2">
        <p className="text-sm font-medium text-blue-800">{t("assignments.batchDetail.kicker")}</p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
          {b.name || t("assignments.batchN", { id: b.id })}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={BATCH_STATE_TONE[b.state] ?? "slate"}>
            {t(BATCH_STATE_LABEL[b.state] ?? "assignments.batchState.open")}
          </Badge>
          <Link
            to={assignmentPaths.batches(b.preset.id)}
            className="text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {b.preset.name}
          </Link>
          <Link
            to={`/assignment/batch-progress/${b.id}`}
            className="text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {t("assignments.batchDetail.liveProgress")}
          </Link>
        </div>
      </div>
      <AssignmentNav presetId={b.preset.id} />
      <section
        aria-label={t("assignments.batchDetail.figures")}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs text-slate-500">{t("assignments.batchDetail.starts")}</dt>
            <dd className="font-medium">{formatDateTime(b.starts_at, locale)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("assignments.batchDetail.expires")}</dt>
            <dd className="font-medium">{formatDateTime(b.expires_at, locale)}</dd>
          </div>
        </dl>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <SlotBar
          slots={b.slots}
          available={b.available}
          pending={b.pending}
          taken={b.taken}
          className="h-3 w-full"
        />
        <SlotLegend />
        {b.available === 0 && b.state !== "ended" && (
          <p className="text-sm font-medium text-red-700">{t("assignments.noBatchSlot")}</p>
        )}
        <p className="text-xs text-slate-500">{t("assignments.batchDetail.readOnly")}</p>
      </section>
      <section className="grid gap-3" aria-labelledby="batch-learners-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="batch-learners-title" className="text-lg font-semibold">
            {t("assignments.batchDetail.learners")}
          </h2>
          <div className="grid w-full gap-1 sm:w-72">
            <label htmlFor="batch-learner-search" className="text-xs font-medium text-slate-600">
              {t("common.search")}
            </label>
            <Input
              id="batch-learner-search"
              type="search"
              placeholder={t("assignments.takers.searchPlaceholder")}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <TakersTable
          rows={learners.data?.items ?? []}
          label={t("assignments.batchDetail.learners")}
          state={learners.isPending ? "pending" : learners.isError ? "error" : "success"}
          emptyText={debounced ? t("assignments.takers.noMatch") : t("assignments.batchDetail.noLearners")}
          onRetry={() => void learners.refetch()}
          showBatch={false}
        />
        {learners.data && (
          <Pager page={page} limit={learners.data.limit} total={learners.data.total} onPage={setPage} />
        )}
      </section>
    </div>
  );
}
