/** /test-preset — the organization's test presets: name, grade, subjects, status, dates, round,
 * questions and batches; search, status filter, sort, paging; "new test". */
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Input, Select } from "@/components/ui/field";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { usePresets } from "../api/get-presets";
import { useSubjects } from "../api/get-subjects";
import { PRESET_STATUSES } from "../api/types";
import { presetStatusLabel, subjectName } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { StatusBadge } from "../components/status-badge";

const LIMIT = 20;
const ALL = "__all";
const SORTS = [
  { value: "-updated_at", label: "tests.sort.updated" },
  { value: "-created_at", label: "tests.sort.created" },
  { value: "name", label: "tests.sort.name" },
  { value: "grade", label: "tests.sort.grade" },
  { value: "ends_at", label: "tests.sort.endsAt" },
] as const;

export default function PresetsRoute() {
  const t = useT();
  const { language, locale } = useLanguage();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [order, setOrder] = useState<string>("-updated_at");
  const [page, setPage] = useState(1);
  const subjects = useSubjects();
  const presets = usePresets({
    page,
    limit: LIMIT,
    search: search.trim() || undefined,
    status: status === ALL ? undefined : status,
    order_by: order,
  });
  const items = presets.data?.items ?? [];
  const filtered = search.trim() !== "" || status !== ALL;
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : "—");

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("nav.tests")}</h1>
        <Link
          to="/test-preset/form"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> {t("tests.new")}
        </Link>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,12rem)_minmax(0,14rem)]">
        <div className="grid gap-1">
          <label htmlFor="preset-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="preset-search"
            type="search"
            placeholder={t("tests.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="preset-status" className="text-xs font-medium text-slate-600">
            {t("tests.status")}
          </label>
          <Select
            id="preset-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("common.all")}</option>
            {PRESET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(presetStatusLabel(s))}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="preset-order" className="text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <Select id="preset-order" value={order} onChange={(e) => setOrder(e.target.value)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Table label={t("nav.tests")}>
        <Head>
          <Th>{t("tests.field.name")}</Th>
          <Th>{t("tests.field.grade")}</Th>
          <Th>{t("tests.field.subjects")}</Th>
          <Th>{t("tests.status")}</Th>
          <Th>{t("tests.dates")}</Th>
          <Th>{t("tests.field.round")}</Th>
          <Th className="text-right">{t("tests.questions")}</Th>
          <Th className="text-right">{t("tests.batches")}</Th>
        </Head>
        <Body>
          {presets.isPending && <MessageRow colSpan={8}>{t("common.loading")}</MessageRow>}
          {presets.isError && (
            <MessageRow colSpan={8}>
              <span role="alert">{t("tests.loadFailed")}</span>
            </MessageRow>
          )}
          {presets.isSuccess && items.length === 0 && (
            <MessageRow colSpan={8}>{t(filtered ? "tests.noMatches" : "tests.empty")}</MessageRow>
          )}
          {items.map((p) => (
            <Tr key={p.id}>
              <Td className="font-medium max-md:text-base">
                <Link
                  to={`/test-preset/detail/${p.id}`}
                  className="text-slate-900 hover:text-blue-700 hover:underline"
                >
                  {p.name}
                </Link>
              </Td>
              <Td label={t("tests.field.grade")}>{p.grade ? t("tests.gradeN", { grade: p.grade }) : "—"}</Td>
              <Td label={t("tests.field.subjects")}>
                {p.subject_ids
                  .map((id) =>
                    subjectName(
                      subjects.data?.find((s) => s.id === id),
                      language,
                    ),
                  )
                  .filter(Boolean)
                  .join(", ") || "—"}
              </Td>
              <Td label={t("tests.status")}>
                <StatusBadge kind="preset" status={p.status} />
              </Td>
              <Td label={t("tests.dates")} className="whitespace-nowrap">
                {date(p.starts_at)} – {date(p.ends_at)}
              </Td>
              <Td label={t("tests.field.round")}>{p.round_name || "—"}</Td>
              <Td label={t("tests.questions")} className="md:text-right">
                {p.question_count}
              </Td>
              <Td label={t("tests.batches")} className="md:text-right">
                {p.batch_count}
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {presets.data && (
        <Pager page={page} limit={presets.data.limit} total={presets.data.total} onPage={setPage} />
      )}
    </div>
  );
}
