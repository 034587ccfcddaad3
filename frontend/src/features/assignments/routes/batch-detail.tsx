/** /assignment/batch-detail/:batchId: one batch's figures (state, times, slots, available,
 * pending, taken; read-only), the learners registered in it, with search and paging, and the
 * upload of a learner's backup answers file (issue 38, item 3). */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";

import { Lang } from "@/components/lang";
import { SearchFilter } from "@/components/list/list-toolbar";
import { useListParams } from "@/components/list/use-list-params";
import { ApiError } from "@/lib/api-client";
import { batchQuery } from "@/lib/api/batches";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

import { useAssignments } from "../api/get-assignments";
import { AssignmentNav } from "../components/assignment-nav";
import { BackupUpload } from "../components/backup-upload";
import { Badge } from "@/components/ui/badge";
import { BATCH_STATE_LABEL, BATCH_STATE_TONE } from "../components/labels";
import { linkClass } from "../components/batches-table";
import { assignmentPaths } from "../components/paths";
import { SlotBar, SlotLegend } from "../components/slot-bar";
import { LoadFailed, Loading } from "../components/states";
import { TakersTable } from "../components/takers-table";

const LIMIT = 20;

export default function BatchDetailRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const batchId = Number(useParams().batchId);
  const batch = useQuery(batchQuery(batchId));
  const { values, page, filtered, set } = useListParams({ q: "" });
  const search = useDebounced(values.q.trim());
  const learners = useAssignments(
    { page, limit: LIMIT, batch_id: batchId, search: search || undefined, order_by: "learner_name" },
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
          {b.name ? <Lang>{b.name}</Lang> : t("assignments.batchN", { id: b.id })}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={BATCH_STATE_TONE[b.state] ?? "slate"}>
            {t(BATCH_STATE_LABEL[b.state] ?? "assignments.batchState.open")}
          </Badge>
          <Link to={assignmentPaths.batches(b.preset.id)} className={linkClass}>
            <Lang>{b.preset.name}</Lang>
          </Link>
          <Link to={`/assignment/batch-progress/${b.id}`} className={linkClass}>
            {t("assignments.batchDetail.liveProgress")}
          </Link>
          <Link to={`/assignment/gradebook/batch/${b.id}`} className={linkClass}>
            {t("assignments.batchDetail.gradebook")}
          </Link>
          <Link to={`/assignment/item-analysis/batch/${b.id}`} className={linkClass}>
            {t("assignments.batchDetail.itemAnalysis")}
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
          <SearchFilter
            id="batch-learner-search"
            value={values.q}
            onChange={(q) => set({ q })}
            placeholder={t("assignments.takers.searchPlaceholder")}
          />
        </div>
        <TakersTable
          query={learners}
          page={page}
          onPage={(p) => set({ page: p })}
          label={t("assignments.batchDetail.learners")}
          empty={t("assignments.batchDetail.noLearners")}
          noMatches={t("assignments.takers.noMatch")}
          filtered={filtered}
          showBatch={false}
        />
      </section>
      <BackupUpload batchId={b.id} />
    </div>
  );
}
