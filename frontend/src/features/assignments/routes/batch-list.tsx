/** /assignment/batch-list: every batch of every test with its state and slot figures (slots,
 * available, pending, taken). Read-only: the figures change only through purchases and
 * assignments, and batches are edited on the test's own page. */
import { useState } from "react";
import { Input, Select } from "@/components/ui/field";
import { useT, type MessageId } from "@/lib/intl";

import { useBatches } from "../api/get-batches";
import { BATCH_STATES } from "../api/types";
import { AssignmentNav } from "../components/assignment-nav";
import { BatchesTable } from "../components/batches-table";
import { BATCH_STATE_LABEL } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { SlotLegend } from "../components/slot-bar";
import { useDebounced } from "../components/use-debounced";

const LIMIT = 20;
const ALL = "__all";
const SORTS: { value: string; label: MessageId }[] = [
  { value: "starts_at", label: "assignments.sort.startsFirst" },
  { value: "-starts_at", label: "assignments.sort.startsLast" },
  { value: "expires_at", label: "assignments.sort.expires" },
  { value: "available", label: "assignments.sort.fewestFree" },
  { value: "preset_name", label: "assignments.sort.test" },
  { value: "name", label: "assignments.sort.batchName" },
];

export default function BatchListRoute() {
  const t = useT();
  const [search, setSearch] = useState("");
  const [state, setState] = useState(ALL);
  const [order, setOrder] = useState("starts_at");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const batches = useBatches({
    page,
    limit: LIMIT,
    search: debounced || undefined,
    state: state === ALL ? undefined : state,
    order_by: order,
  });
  const items = batches.data?.items ?? [];
  const filtered = debounced !== "" || state !== ALL;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.batchList.title")}</h1>
        <p className="text-sm text-slate-600">{t("assignments.batchList.intro")}</p>
      </div>
      <AssignmentNav />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,12rem)_minmax(0,14rem)]">
        <div className="grid gap-1">
          <label htmlFor="batch-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="batch-search"
            type="search"
            placeholder={t("assignments.batchList.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="batch-state" className="text-xs font-medium text-slate-600">
            {t("assignments.col.state")}
          </label>
          <Select
            id="batch-state"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("assignments.filter.allStates")}</option>
            {BATCH_STATES.map((s) => (
              <option key={s} value={s}>
                {t(BATCH_STATE_LABEL[s]!)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="batch-order" className="text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <Select id="batch-order" value={order} onChange={(e) => setOrder(e.target.value)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <SlotLegend />
      <BatchesTable
        rows={items}
        label={t("assignments.batchList.title")}
        state={batches.isPending ? "pending" : batches.isError ? "error" : "success"}
        emptyText={filtered ? t("assignments.batchList.noMatch") : t("assignments.batchList.empty")}
      />
      {batches.data && (
        <Pager page={page} limit={batches.data.limit} total={batches.data.total} onPage={setPage} />
      )}
    </div>
  );
}
