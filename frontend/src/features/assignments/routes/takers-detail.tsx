/** /test-preset/takers-detail/:presetId: who took or bought one test: the learner, the batch,
 * how they got it (bought or assigned), where they stand; search, filters, sort and paging (in
 * the address). */
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";

import { useListParams } from "@/components/list/use-list-params";
import { presetQuery } from "@/lib/api/test-presets";
import { useT, type MessageId } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

import { useAssignments } from "../api/get-assignments";
import { assignmentPaths } from "../components/paths";
import { TakerFilters, TAKER_PARAMS } from "../components/taker-filters";
import { TakersTable } from "../components/takers-table";
import { TestHeading } from "../components/test-heading";

const LIMIT = 20;
const SORTS: [string, MessageId][] = [
  ["-created_at", "assignments.sort.newest"],
  ["learner_name", "assignments.sort.learner"],
  ["batch_starts_at", "assignments.sort.batchStart"],
  ["status", "assignments.sort.status"],
];

export default function TakersDetailRoute() {
  const t = useT();
  const presetId = Number(useParams().presetId);
  const preset = useQuery(presetQuery(presetId));
  const list = useListParams(TAKER_PARAMS);
  const { values, page, set } = list;
  const search = useDebounced(values.q.trim());
  const takers = useAssignments({
    page,
    limit: LIMIT,
    preset_id: presetId,
    search: search || undefined,
    status: values.status || undefined,
    source: values.source || undefined,
    order_by: values.order_by,
  });

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
      <TakerFilters idPrefix="td" list={list} sorts={SORTS} />
      <TakersTable
        query={takers}
        page={page}
        onPage={(p) => set({ page: p })}
        label={t("assignments.takersDetail.tableLabel")}
        empty={t("assignments.takersDetail.empty")}
        noMatches={t("assignments.takers.noMatch")}
        filtered={Boolean(search || values.status || values.source)}
        showCount
        showTest={false}
      />
    </div>
  );
}
