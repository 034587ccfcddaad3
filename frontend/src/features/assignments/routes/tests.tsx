/** /assignment (the default page): the approved and published tests with their batches, slot
 * figures, how many learners hold them (assigned directly or bought) and who waits; each links to
 * its batches and waiting list, its takers and the direct-assignment form. */
import { useState } from "react";
import { Link } from "react-router-dom";

import { Input, Select } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import { useTests } from "../api/get-tests";
import { AssignmentNav } from "../components/assignment-nav";
import { Badge } from "../components/badge";
import { PRESET_STATUS_LABEL, PRESET_STATUS_TONE } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { assignmentPaths } from "../components/paths";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { SlotBar, SlotLegend } from "../components/slot-bar";
import { useDebounced } from "../components/use-debounced";

const LIMIT = 20;
const ALL = "__all";
const SORTS = [
  { value: "-updated_at", label: "assignments.sort.updated" },
  { value: "name", label: "assignments.sort.name" },
  { value: "grade", label: "assignments.sort.grade" },
  { value: "ends_at", label: "assignments.sort.endsAt" },
] as const;

const linkClass =
  "text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600";

export default function AssignmentTestsRoute() {
  const t = useT();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [order, setOrder] = useState<string>("-updated_at");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const tests = useTests({
    page,
    limit: LIMIT,
    search: debounced || undefined,
    status: status === ALL ? undefined : status,
    order_by: order,
  });
  const items = tests.data?.items ?? [];
  const filtered = debounced !== "" || status !== ALL;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.title")}</h1>
        <p className="text-sm text-slate-600">{t("assignments.tests.intro")}</p>
      </div>
      <AssignmentNav />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,14rem)_minmax(0,14rem)]">
        <div className="grid gap-1">
          <label htmlFor="assign-test-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="assign-test-search"
            type="search"
            placeholder={t("assignments.tests.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="assign-test-status" className="text-xs font-medium text-slate-600">
            {t("assignments.col.status")}
          </label>
          <Select
            id="assign-test-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("assignments.tests.allStatuses")}</option>
            <option value="approved">{t("assignments.presetStatus.approved")}</option>
            <option value="published">{t("assignments.presetStatus.published")}</option>
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="assign-test-order" className="text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <Select id="assign-test-order" value={order} onChange={(e) => setOrder(e.target.value)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </Select>
        </div>
      </div>
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
          {tests.isPending && <MessageRow colSpan={7}>{t("common.loading")}</MessageRow>}
          {tests.isError && (
            <MessageRow colSpan={7}>
              <span role="alert" className="text-red-700">
                {t("assignments.loadFailed")}
              </span>
            </MessageRow>
          )}
          {tests.isSuccess && items.length === 0 && (
            <MessageRow colSpan={7}>
              {filtered ? t("assignments.tests.noMatch") : t("assignments.tests.empty")}
            </MessageRow>
          )}
          {items.map((test) => (
            <Tr key={test.id}>
              <Td className="max-md:text-base">
                <span className="grid gap-0.5">
                  <Link to={assignmentPaths.batches(test.id)} className={`font-medium ${linkClass}`}>
                    {test.name}
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
                </span>
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {tests.data && <Pager page={page} limit={tests.data.limit} total={tests.data.total} onPage={setPage} />}
    </div>
  );
}
