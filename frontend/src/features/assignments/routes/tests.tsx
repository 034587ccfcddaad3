/** /assignment (the default page): the approved and published tests with their batches, slot
 * figures, how many learners hold them (assigned directly or bought) and who waits; each links to
 * its batches and waiting list, its takers and the direct-assignment form. */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { assignableTestsQuery } from "@/lib/api/assignable-tests";
import { useT, type MessageId } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

import { AssignmentNav } from "../components/assignment-nav";
import { Badge } from "@/components/ui/badge";
import { linkClass } from "../components/batches-table";
import { choicesOf, PRESET_STATUS_LABEL, PRESET_STATUS_TONE, sortChoices } from "../components/labels";
import { assignmentPaths } from "../components/paths";
import { SlotBar, SlotLegend } from "../components/slot-bar";

const LIMIT = 20;
const SORTS: [string, MessageId][] = [
  ["-updated_at", "assignments.sort.updated"],
  ["name", "assignments.sort.name"],
  ["grade", "assignments.sort.grade"],
  ["ends_at", "assignments.sort.endsAt"],
];

export default function AssignmentTestsRoute() {
  const t = useT();
  const { values, page, filtered, set } = useListParams({ search: "", status: "", order: "-updated_at" });
  const search = useDebounced(values.search.trim());
  const tests = useQuery(
    assignableTestsQuery({
      page,
      limit: LIMIT,
      search: search || undefined,
      status: values.status || undefined,
      order_by: values.order,
    }),
  );
  const items = tests.data?.items ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.title")}</h1>
        <p className="text-sm text-slate-600">{t("assignments.tests.intro")}</p>
      </div>
      <AssignmentNav />
      <ListToolbar>
        <SearchFilter
          id="assign-test-search"
          value={values.search}
          onChange={(value) => set({ search: value })}
          placeholder={t("assignments.tests.searchPlaceholder")}
        />
        <SelectFilter
          id="assign-test-status"
          label={t("assignments.col.status")}
          value={values.status}
          onChange={(status) => set({ status })}
          choices={choicesOf(t, ["approved", "published"], PRESET_STATUS_LABEL)}
          allLabel={t("assignments.tests.allStatuses")}
        />
        <SelectFilter
          id="assign-test-order"
          label={t("common.sort")}
          value={values.order}
          onChange={(order) => set({ order })}
          choices={sortChoices(t, SORTS)}
        />
      </ListToolbar>
      <SlotLegend />
      <Table label={t("assignments.tests.tableLabel")}>
        <Head>
          <Th className="min-w-56">{t("assignments.col.test")}</Th>
          <Th>{t("assignments.col.status")}</Th>
          <Th>{t("assignments.col.batches")}</Th>
          <Th>{t("assignments.col.slots")}</Th>
          <Th className="md:text-right">{t("assignments.col.takers")}</Th>
          <Th className="md:text-right">{t("assignments.col.waiting")}</Th>
          <Th>
            <span className="sr-only">{t("assignments.col.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={tests}
            count={items.length}
            colSpan={7}
            failed={t("assignments.loadFailed")}
            empty={t("assignments.tests.empty")}
            noMatches={t("assignments.tests.noMatch")}
            filtered={filtered}
          >
            {items.map((test) => (
              <Tr key={test.id}>
                <Td className="max-md:text-base">
                  <span className="grid gap-0.5">
                    <Link to={assignmentPaths.batches(test.id)} className={`font-medium ${linkClass}`}>
                      <Lang>{test.name}</Lang>
                    </Link>
                    <span className="text-xs text-slate-600">
                      {[
                        test.grade ? t("assignments.gradeN", { grade: test.grade }) : null,
                        test.subjects.join(", ") || null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                </Td>
                <Td label={t("assignments.col.status")}>
                  <span className="flex flex-wrap gap-1">
                    <Badge tone={PRESET_STATUS_TONE[test.status] ?? "slate"}>
                      {t(PRESET_STATUS_LABEL[test.status] ?? "assignments.presetStatus.approved")}
                    </Badge>
                    {test.listing_id !== null && <Badge tone="green">{t("assignments.tests.listed")}</Badge>}
                  </span>
                </Td>
                <Td label={t("assignments.col.batches")}>
                  {t("assignments.tests.batchCount", { live: test.live_batches, count: test.batch_count })}
                </Td>
                <Td label={t("assignments.col.slots")}>
                  {test.slots > 0 ? (
                    <span className="grid gap-1">
                      <SlotBar
                        slots={test.slots}
                        available={test.available}
                        pending={test.pending}
                        taken={test.taken}
                      />
                      <span className="text-xs text-slate-600">
                        {t("assignments.slots.freeOf", { available: test.available, slots: test.slots })}
                      </span>
                    </span>
                  ) : (
                    <span className="text-xs text-slate-500">{t("assignments.tests.noLiveBatch")}</span>
                  )}
                </Td>
                <Td label={t("assignments.col.takers")} className="md:text-right">
                  <Link
                    to={assignmentPaths.takersOf(test.id)}
                    className={linkClass}
                    aria-label={t("assignments.tests.takersOf", {
                      count: test.direct + test.purchased,
                      name: test.name,
                    })}
                  >
                    {test.direct + test.purchased}
                  </Link>
                  <span className="block whitespace-nowrap text-xs text-slate-500">
                    {t("assignments.tests.takersSplit", { direct: test.direct, purchased: test.purchased })}
                  </span>
                </Td>
                <Td label={t("assignments.col.waiting")} className="md:text-right">
                  {test.waiting}
                </Td>
                <Td className="md:text-right">
                  <span className="flex flex-wrap gap-x-3 gap-y-1 whitespace-nowrap md:grid md:justify-items-end">
                    <Link to={assignmentPaths.form(test.id)} className={`text-sm font-medium ${linkClass}`}>
                      {t("assignments.tests.assign")}
                    </Link>
                    <Link
                      to={assignmentPaths.batches(test.id)}
                      className={`text-sm ${linkClass}`}
                      aria-label={t("assignments.tests.batchesOf", { name: test.name })}
                    >
                      {t("assignments.tests.batchesShort")}
                    </Link>
                    <Link
                      to={assignmentPaths.takersDetail(test.id)}
                      className={`text-sm ${linkClass}`}
                      aria-label={t("assignments.tests.buyersOf", { name: test.name })}
                    >
                      {t("assignments.tests.takersShort")}
                    </Link>
                    <Link
                      to={assignmentPaths.gradebook(test.id)}
                      className={`text-sm ${linkClass}`}
                      aria-label={t("assignments.tests.gradebookOf", { name: test.name })}
                    >
                      {t("assignments.tests.gradebookShort")}
                    </Link>
                    <Link
                      to={assignmentPaths.itemAnalysis(test.id)}
                      className={`text-sm ${linkClass}`}
                      aria-label={t("assignments.tests.itemAnalysisOf", { name: test.name })}
                    >
                      {t("assignments.tests.itemAnalysisShort")}
                    </Link>
                  </span>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {tests.data && (
        <Pager
          page={page}
          limit={tests.data.limit}
          total={tests.data.total}
          onPage={(p) => set({ page: p })}
        />
      )}
    </div>
  );
}
