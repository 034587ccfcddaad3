/** /test-preset/banks/:id — one test bank (issue 19): the tests in it (search, paging in the
 * address; the test list filtered by `test_bank_id`), "Add tests" from the organization's tests,
 * and "Take out" per test (the test itself stays). Its creator renames it here too. */
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, FolderMinus, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { ListToolbar, SearchFilter } from "@/components/list/list-toolbar";
import { QueryRows, QueryState } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { presetListQuery, type PresetRow } from "@/lib/api/test-presets";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { testBankQuery } from "../api/get-test-bank";
import { useSetBankPresets } from "../api/set-bank-presets";
import { AddPresetsDialog } from "../components/add-presets-dialog";
import { StatusBadge } from "../components/status-badge";
import { TestBankDialog } from "../components/test-bank-dialog";

const LIMIT = 20;

export default function TestBankRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const me = useAuthorized().data?.user;
  const { values, page, filtered, set } = useListParams({ search: "" });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const bank = useQuery(testBankQuery(id));
  const presets = useQuery({
    ...presetListQuery({
      test_bank_id: id,
      search: values.search.trim() || undefined,
      order_by: "name",
      page,
      limit: LIMIT,
    }),
    enabled: bank.isSuccess,
  });
  const change = useSetBankPresets();
  const items = presets.data?.items ?? [];

  function takeOut(preset: PresetRow) {
    change.mutate(
      { bankId: id, remove: [preset.id] },
      {
        onSuccess: () =>
          toast({ variant: "success", title: t("tests.banks.takenOut", { name: preset.name }) }),
        onError: (e) =>
          toast({
            variant: "destructive",
            title: t("tests.banks.takeOutFailed"),
            description: e instanceof ApiError ? e.message : t("common.unknownError"),
          }),
      },
    );
  }

  const crumbs = (
    <nav
      aria-label={t("tests.banks.breadcrumbs")}
      className="flex flex-wrap items-center gap-1 text-sm text-slate-600"
    >
      <Link to="/test-preset" className="hover:text-blue-700">
        {t("nav.tests")}
      </Link>
      <ChevronRight className="h-4 w-4" aria-hidden="true" />
      <Link to="/test-preset/banks" className="hover:text-blue-700">
        {t("tests.banks.title")}
      </Link>
    </nav>
  );
  const missing = bank.error instanceof ApiError && bank.error.status === 404;

  return (
    <div className="grid gap-6">
      {crumbs}
      <QueryState query={bank} failed={t(missing ? "tests.banks.notFound" : "tests.loadFailed")}>
        {(found) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="grid gap-1">
                <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{found.name}</h1>
                <p className="text-sm text-slate-600">
                  {t("tests.banks.counts", { count: found.preset_count })} · {found.created_by_name}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {me?.pandai_profile_id === found.created_by_profile_id && (
                  <Button variant="outline" onClick={() => setRenaming(true)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> {t("tests.banks.renameShort")}
                  </Button>
                )}
                <Button onClick={() => setAdding(true)}>
                  <Plus className="h-4 w-4" aria-hidden="true" /> {t("tests.banks.addTests")}
                </Button>
              </div>
            </div>
            <ListToolbar>
              <SearchFilter
                id="bank-preset-search"
                placeholder={t("tests.searchPlaceholder")}
                value={values.search}
                onChange={(search) => set({ search })}
              />
            </ListToolbar>
            <Table label={t("tests.banks.testsIn", { name: found.name })}>
              <Head>
                <Th>{t("tests.field.name")}</Th>
                <Th>{t("tests.field.grade")}</Th>
                <Th>{t("tests.status")}</Th>
                <Th className="text-right">{t("tests.questions")}</Th>
                <Th>
                  <span className="sr-only">{t("tests.banks.actions")}</span>
                </Th>
              </Head>
              <Body>
                <QueryRows
                  query={presets}
                  count={items.length}
                  colSpan={5}
                  failed={t("tests.loadFailed")}
                  empty={t("tests.banks.noTests")}
                  noMatches={t("tests.noMatches")}
                  filtered={filtered}
                >
                  {items.map((p) => (
                    <Tr key={p.id}>
                      <Td className="font-medium max-md:text-base">
                        <Link
                          to={`/test-preset/detail/${p.id}`}
                          className="text-slate-900 [overflow-wrap:anywhere] hover:text-blue-700 hover:underline"
                        >
                          {p.name}
                        </Link>
                      </Td>
                      <Td label={t("tests.field.grade")}>
                        {p.grade ? t("tests.gradeN", { grade: p.grade }) : "—"}
                      </Td>
                      <Td label={t("tests.status")}>
                        <StatusBadge kind="preset" status={p.status} />
                      </Td>
                      <Td label={t("tests.questions")} className="md:text-right">
                        {p.question_count}
                      </Td>
                      <Td className="whitespace-nowrap max-md:justify-end md:text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t("tests.banks.takeOut", { name: p.name })}
                          disabled={change.isPending}
                          onClick={() => takeOut(p)}
                        >
                          <FolderMinus className="h-4 w-4" aria-hidden="true" />
                          {t("tests.banks.takeOutShort")}
                        </Button>
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
            {adding && <AddPresetsDialog bank={found} onClose={() => setAdding(false)} />}
            {renaming && <TestBankDialog bank={found} onClose={() => setRenaming(false)} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
