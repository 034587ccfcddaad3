/** /assignment/batch-list: every batch of every test with its state and slot figures (slots,
 * available, pending, taken). Read-only: the figures change only through purchases and
 * assignments, and batches are edited on the test's own page. Search, state and order live in the
 * address. */
import { useQuery } from "@tanstack/react-query";

import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { useListParams } from "@/components/list/use-list-params";
import { batchListQuery } from "@/lib/api/batches";
import { useT, type MessageId } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

import { BATCH_STATES } from "../api/types";
import { AssignmentNav } from "../components/assignment-nav";
import { BatchesTable } from "../components/batches-table";
import { BATCH_STATE_LABEL, choicesOf, sortChoices } from "../components/labels";
import { SlotLegend } from "../components/slot-bar";

const LIMIT = 20;
const SORTS: [string, MessageId][] = [
  ["starts_at", "assignments.sort.startsFirst"],
  ["-starts_at", "assignments.sort.startsLast"],
  ["expires_at", "assignments.sort.expires"],
  ["available", "assignments.sort.fewestFree"],
  ["preset_name", "assignments.sort.test"],
  ["name", "assignments.sort.batchName"],
];

export default function BatchListRoute() {
  const t = useT();
  const { values, page, filtered, set } = useListParams({ search: "", state: "", order: "starts_at" });
  const search = useDebounced(values.search.trim());
  const batches = useQuery(
    batchListQuery({
      page,
      limit: LIMIT,
      search: search || undefined,
      state: values.state || undefined,
      order_by: values.order,
    }),
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.batchList.title")}</h1>
        <p className="text-sm text-slate-600">{t("assignments.batchList.intro")}</p>
      </div>
      <AssignmentNav />
      <ListToolbar>
        <SearchFilter
          id="batch-search"
          value={values.search}
          onChange={(value) => set({ search: value })}
          placeholder={t("assignments.batchList.searchPlaceholder")}
        />
        <SelectFilter
          id="batch-state"
          label={t("assignments.col.state")}
          value={values.state}
          onChange={(state) => set({ state })}
          choices={choicesOf(t, BATCH_STATES, BATCH_STATE_LABEL)}
          allLabel={t("assignments.filter.allStates")}
        />
        <SelectFilter
          id="batch-order"
          label={t("common.sort")}
          value={values.order}
          onChange={(order) => set({ order })}
          choices={sortChoices(t, SORTS)}
        />
      </ListToolbar>
      <SlotLegend />
      <BatchesTable
        query={batches}
        page={page}
        onPage={(p) => set({ page: p })}
        label={t("assignments.batchList.title")}
        empty={t("assignments.batchList.empty")}
        noMatches={t("assignments.batchList.noMatch")}
        filtered={filtered}
      />
    </div>
  );
}
