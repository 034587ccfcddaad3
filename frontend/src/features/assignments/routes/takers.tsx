/** /assignment/takers: every assignment of the organization's tests (bought or assigned
 * directly) with search, filters by test, batch, status and source, sort and paging; a direct
 * assignment not yet started can be withdrawn. Filters live in the address (shareable; the
 * direct-assignment form lands here filtered by its test). */
import { useQuery } from "@tanstack/react-query";

import { SelectFilter } from "@/components/list/list-toolbar";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { assignableTestsQuery } from "@/lib/api/assignable-tests";
import { batchListQuery } from "@/lib/api/batches";
import { useT, type MessageId } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

import { useAssignments } from "../api/get-assignments";
import { AssignmentNav } from "../components/assignment-nav";
import { TakerFilters, TAKER_PARAMS, toId } from "../components/taker-filters";
import { TakersTable } from "../components/takers-table";

const LIMIT = 20;
const SORTS: [string, MessageId][] = [
  ["-created_at", "assignments.sort.newest"],
  ["created_at", "assignments.sort.oldest"],
  ["learner_name", "assignments.sort.learner"],
  ["status", "assignments.sort.status"],
  ["due_at", "assignments.sort.due"],
  ["batch_starts_at", "assignments.sort.batchStart"],
];

export default function AssignmentTakersRoute() {
  const t = useT();
  const list = useListParams({ ...TAKER_PARAMS, preset_id: "", batch_id: "" });
  const { values, page, set } = list;
  const search = useDebounced(values.q.trim());
  const presetId = toId(values.preset_id);
  const batchId = toId(values.batch_id);

  const tests = useQuery(assignableTestsQuery({ page: 1, limit: 100, order_by: "name" }));
  const batches = useQuery(
    batchListQuery({ page: 1, limit: 100, preset_id: presetId, order_by: "starts_at" }),
  );
  const takers = useAssignments({
    page,
    limit: LIMIT,
    search: search || undefined,
    order_by: values.order_by,
    preset_id: presetId,
    batch_id: batchId,
    status: values.status || undefined,
    source: values.source || undefined,
  });

  const filtered = Boolean(search || presetId || batchId || values.status || values.source);
  const testName = tests.data?.items.find((p) => p.id === presetId)?.name;
  const batchName = (b: { id: number; name: string }) => b.name || t("assignments.batchN", { id: b.id });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.takers.title")}</h1>
        <p className="text-sm text-slate-600">
          {testName ? t("assignments.takers.introFor", { name: testName }) : t("assignments.takers.intro")}
        </p>
      </div>
      <AssignmentNav presetId={presetId} />
      <TakerFilters idPrefix="takers" list={list} sorts={SORTS}>
        <SelectFilter
          id="takers-test"
          label={t("assignments.col.test")}
          value={presetId ? String(presetId) : ""}
          onChange={(preset_id) => set({ preset_id, batch_id: "" })}
          choices={(tests.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          allLabel={t("assignments.filter.allTests")}
        />
        <SelectFilter
          id="takers-batch"
          label={t("assignments.col.batch")}
          value={batchId ? String(batchId) : ""}
          onChange={(batch_id) => set({ batch_id })}
          choices={(batches.data?.items ?? []).map((b) => ({
            value: String(b.id),
            label: presetId
              ? batchName(b)
              : t("assignments.filter.batchOfTest", { batch: batchName(b), test: b.preset.name }),
          }))}
          allLabel={t("assignments.filter.allBatches")}
        />
      </TakerFilters>
      {filtered && (
        <div className="flex justify-end">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => set({ q: "", preset_id: "", batch_id: "", status: "", source: "" })}
          >
            {t("assignments.filter.clear")}
          </Button>
        </div>
      )}
      <TakersTable
        query={takers}
        page={page}
        onPage={(p) => set({ page: p })}
        label={t("assignments.takers.title")}
        empty={t("assignments.takers.empty")}
        noMatches={t("assignments.takers.noMatch")}
        filtered={filtered}
        showCount
      />
    </div>
  );
}
