/** /test-preset/takers-detail/:presetId: who took or bought one test: the learner, the batch,
 * how they got it (bought or assigned), where they stand; search, filters, sort and paging. */
import { useState } from "react";
import { useParams } from "react-router-dom";

import { Input, Select } from "@/components/ui/field";
import { useT, type MessageId } from "@/lib/intl";

import { useAssignments } from "../api/get-assignments";
import { usePreset } from "../api/get-preset";
import { ASSIGNMENT_SOURCES, ASSIGNMENT_STATUSES } from "../api/types";
import { ASSIGNMENT_STATUS_LABEL, SOURCE_LABEL } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { assignmentPaths } from "../components/paths";
import { TakersTable } from "../components/takers-table";
import { TestHeading } from "../components/test-heading";
import { useDebounced } from "../components/use-debounced";

const LIMIT = 20;
const ALL = "__all";
const SORTS: { value: string; label: MessageId }[] = [
  { value: "-created_at", label: "assignments.sort.newest" },
  { value: "learner_name", label: "assignments.sort.learner" },
  { value: "batch_starts_at", label: "assignments.sort.batchStart" },
  { value: "status", label: "assignments.sort.status" },
];

export default function TakersDetailRoute() {
  const t = useT();
  const presetId = Number(useParams().presetId);
  const preset = usePreset(presetId);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [source, setSource] = useState(ALL);
  const [order, setOrder] = useState("-created_at");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const takers = useAssignments({
    page,
    limit: LIMIT,
    preset_id: presetId,
    search: debounced || undefined,
    status: status === ALL ? undefined : status,
    source: source === ALL ? undefined : source,
    order_by: order,
  });
  const filtered = debounced !== "" || status !== ALL || source !== ALL;

  if (preset.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t("assignments.testNotFound")}
      </p>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <TestHeading
        preset={preset.data}
        fallbackTitle={t("common.loading")}
        kicker={t("assignments.takersDetail.kicker")}
        links={[
          { to: assignmentPaths.presetDetail(presetId), label: t("assignments.presetDetailLink") },
          { to: assignmentPaths.batches(presetId), label: t("assignments.tests.batchesLink") },
          { to: assignmentPaths.form(presetId), label: t("assignments.tests.assign") },
          { to: assignmentPaths.takersOf(presetId), label: t("assignments.takersDetail.allTakers") },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <div className="grid gap-1">
          <label htmlFor="td-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="td-search"
            type="search"
            placeholder={t("assignments.takers.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="td-status" className="text-xs font-medium text-slate-600">
            {t("assignments.col.status")}
          </label>
          <Select
            id="td-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("assignments.filter.allLive")}</option>
            {ASSIGNMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(ASSIGNMENT_STATUS_LABEL[s]!)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="td-source" className="text-xs font-medium text-slate-600">
            {t("assignments.col.source")}
          </label>
          <Select
            id="td-source"
            value={source}
            onChange={(e) => {
              setSource(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("assignments.filter.allSources")}</option>
            {ASSIGNMENT_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(SOURCE_LABEL[s]!)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="td-order" className="text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <Select id="td-order" value={order} onChange={(e) => setOrder(e.target.value)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {takers.data ? t("assignments.takers.count", { count: takers.data.total }) : ""}
      </p>
      <TakersTable
        rows={takers.data?.items ?? []}
        label={t("assignments.takersDetail.tableLabel")}
        state={takers.isPending ? "pending" : takers.isError ? "error" : "success"}
        emptyText={filtered ? t("assignments.takers.noMatch") : t("assignments.takersDetail.empty")}
        onRetry={() => void takers.refetch()}
        showTest={false}
      />
      {takers.data && (
        <Pager page={page} limit={takers.data.limit} total={takers.data.total} onPage={setPage} />
      )}
    </div>
  );
}
