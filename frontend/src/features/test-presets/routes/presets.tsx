/** /test-preset — the organization's test presets: name, grade, subjects, status, dates, round,
 * questions and batches; search, status and test bank filters, sort, paging; "new test" and the
 * way to the test banks (issue 19). */
import { useQuery } from "@tanstack/react-query";
import { Library, Plus } from "lucide-react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { presetListQuery } from "@/lib/api/test-presets";
import { subjectsQuery } from "@/lib/api/subjects";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { allTestBanksQuery } from "../api/get-test-banks";
import { PRESET_STATUSES } from "../api/types";
import { presetStatusLabel, subjectNames } from "../components/labels";
import { StatusBadge } from "../components/status-badge";

const LIMIT = 20;
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
  const { values, page, filtered, set } = useListParams({
    search: "",
    status: "",
    bank: "",
    order: "-updated_at",
  });
  const subjects = useQuery(subjectsQuery());
  const banks = useQuery(allTestBanksQuery());
  const bankId = Number(values.bank);
  const presets = useQuery(
    presetListQuery({
      page,
      limit: LIMIT,
      search: values.search.trim() || undefined,
      status: values.status || undefined,
      test_bank_id: Number.isInteger(bankId) && bankId > 0 ? bankId : undefined,
      order_by: values.order,
    }),
  );
  // A bank from the address that the list does not hold (yet) still shows as chosen.
  const bankChoices = (banks.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  if (values.bank && !bankChoices.some((c) => c.value === values.bank))
    bankChoices.push({ value: values.bank, label: t("tests.banks.numbered", { id: values.bank }) });
  const items = presets.data?.items ?? [];
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : "—");

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("nav.tests")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/test-preset/banks"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <Library className="h-4 w-4" aria-hidden="true" /> {t("tests.banks.title")}
          </Link>
          <Link
            to="/test-preset/form"
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> {t("tests.new")}
          </Link>
        </div>
      </div>
      <ListToolbar>
        <SearchFilter
          id="preset-search"
          placeholder={t("tests.searchPlaceholder")}
          value={values.search}
          onChange={(search) => set({ search })}
        />
        <SelectFilter
          id="preset-status"
          label={t("tests.status")}
          value={values.status}
          onChange={(status) => set({ status })}
          allLabel
          choices={PRESET_STATUSES.map((s) => ({ value: s, label: t(presetStatusLabel(s)) }))}
        />
        <SelectFilter
          id="preset-bank"
          label={t("tests.banks.filter")}
          value={values.bank}
          onChange={(bank) => set({ bank })}
          allLabel
          choices={bankChoices}
        />
        <SelectFilter
          id="preset-order"
          label={t("common.sort")}
          value={values.order}
          onChange={(order) => set({ order })}
          choices={SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
        />
      </ListToolbar>
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
          <QueryRows
            query={presets}
            count={items.length}
            colSpan={8}
            failed={t("tests.loadFailed")}
            empty={t("tests.empty")}
            noMatches={t("tests.noMatches")}
            filtered={filtered}
          >
            {items.map((p) => (
              <Tr key={p.id}>
                <Td className="font-medium max-md:text-base">
                  <Link
                    to={`/test-preset/detail/${p.id}`}
                    className="text-slate-900 hover:text-blue-700 hover:underline"
                  >
                    <Lang>{p.name}</Lang>
                  </Link>
                </Td>
                <Td label={t("tests.field.grade")}>
                  {p.grade ? t("tests.gradeN", { grade: p.grade }) : "—"}
                </Td>
                <Td label={t("tests.field.subjects")}>
                  {subjectNames(p.subject_ids, subjects.data, language) || "—"}
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
          </QueryRows>
        </Body>
      </Table>
      {presets.data && (
        <Pager
          page={page}
          limit={presets.data.limit}
          total={presets.data.total}
          onPage={(next) => set({ page: next })}
        />
      )}
    </div>
  );
}
