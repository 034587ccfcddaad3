/** /assignment/takers: every assignment of the organization's tests (bought or assigned
 * directly) with search, filters by test, batch, status and source, sort and paging; a direct
 * assignment not yet started can be withdrawn. Filters live in the address (shareable; the
 * direct-assignment form lands here filtered by its test). */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { useT, type MessageId } from "@/lib/intl";

import { useAssignments } from "../api/get-assignments";
import { useBatches } from "../api/get-batches";
import { useTests } from "../api/get-tests";
import { ASSIGNMENT_SOURCES, ASSIGNMENT_STATUSES } from "../api/types";
import { AssignmentNav } from "../components/assignment-nav";
import { ASSIGNMENT_STATUS_LABEL, SOURCE_LABEL } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { TakersTable } from "../components/takers-table";
import { useDebounced } from "../components/use-debounced";

const LIMIT = 20;
const ALL = "__all";
const SORTS: { value: string; label: MessageId }[] = [
  { value: "-created_at", label: "assignments.sort.newest" },
  { value: "created_at", label: "assignments.sort.oldest" },
  { value: "learner_name", label: "assignments.sort.learner" },
  { value: "status", label: "assignments.sort.status" },
  { value: "due_at", label: "assignments.sort.due" },
  { value: "batch_starts_at", label: "assignments.sort.batchStart" },
];

const toId = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export default function AssignmentTakersRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const debounced = useDebounced(search.trim());
  const presetId = toId(params.get("preset_id"));
  const batchId = toId(params.get("batch_id"));
  const status = params.get("status") ?? "";
  const source = params.get("source") ?? "";
  const order = params.get("order_by") ?? "-created_at";
  const page = toId(params.get("page")) ?? 1;

  const tests = useTests({ page: 1, limit: 100, order_by: "name" });
  const batches = useBatches({ page: 1, limit: 100, preset_id: presetId, order_by: "starts_at" });
  const takers = useAssignments({
    page,
    limit: LIMIT,
    search: debounced || undefined,
    order_by: order,
    preset_id: presetId,
    batch_id: batchId,
    status: status || undefined,
    source: source || undefined,
  });

  /** Sets (or clears) filters in the address and goes back to page 1. */
  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next, { replace: true });
  }

  const filtered = Boolean(debounced || presetId || batchId || status || source);
  const testName = tests.data?.items.find((p) => p.id === presetId)?.name;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.takers.title")}</h1>
        <p className="text-sm text-slate-600">
          {testName ? t("assignments.takers.introFor", { name: testName }) : t("assignments.takers.intro")}
        </p>
      </div>
      <AssignmentNav presetId={presetId} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className="grid gap-1">
          <label htmlFor="takers-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="takers-search"
            type="search"
            placeholder={t("assignments.takers.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              update({ q: e.target.value.trim() || undefined });
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="takers-test" className="text-xs font-medium text-slate-600">
            {t("assignments.col.test")}
          </label>
          <Select
            id="takers-test"
            value={presetId ? String(presetId) : ALL}
            onChange={(e) =>
              update({ preset_id: e.target.value === ALL ? undefined : e.target.value, batch_id: undefined })
            }
          >
            <option value={ALL}>{t("assignments.filter.allTests")}</option>
            {tests.data?.items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="takers-batch" className="text-xs font-medium text-slate-600">
            {t("assignments.col.batch")}
          </label>
          <Select
            id="takers-batch"
            value={batchId ? String(batchId) : ALL}
            onChange={(e) => update({ batch_id: e.target.value === ALL ? undefined : e.target.value })}
          >
            <option value={ALL}>{t("assignments.filter.allBatches")}</option>
            {batches.data?.items.map((b) => (
              <option key={b.id} value={b.id}>
                {presetId
                  ? b.name || t("assignments.batchN", { id: b.id })
                  : t("assignments.filter.batchOfTest", {
                      batch: b.name || t("assignments.batchN", { id: b.id }),
                      test: b.preset.name,
                    })}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="takers-status" className="text-xs font-medium text-slate-600">
            {t("assignments.col.status")}
          </label>
          <Select
            id="takers-status"
            value={status || ALL}
            onChange={(e) => update({ status: e.target.value === ALL ? undefined : e.target.value })}
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
          <label htmlFor="takers-source" className="text-xs font-medium text-slate-600">
            {t("assignments.col.source")}
          </label>
          <Select
            id="takers-source"
            value={source || ALL}
            onChange={(e) => update({ source: e.target.value === ALL ? undefined : e.target.value })}
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
          <label htmlFor="takers-order" className="text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <Select id="takers-order" value={order} onChange={(e) => update({ order_by: e.target.value })}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {takers.data ? t("assignments.takers.count", { count: takers.data.total }) : ""}
        </p>
        {filtered && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setSearch("");
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t("assignments.filter.clear")}
          </Button>
        )}
      </div>
      <TakersTable
        rows={takers.data?.items ?? []}
        label={t("assignments.takers.title")}
        state={takers.isPending ? "pending" : takers.isError ? "error" : "success"}
        emptyText={filtered ? t("assignments.takers.noMatch") : t("assignments.takers.empty")}
        onRetry={() => void takers.refetch()}
      />
      {takers.data && (
        <Pager
          page={page}
          limit={takers.data.limit}
          total={takers.data.total}
          onPage={(p) => update({ page: String(p) })}
        />
      )}
    </div>
  );
}
