/** /test-preset/banks — the organization's test banks (issue 19; spec §3, §5): search, sort and
 * paging in the address, as the question banks; create, rename and delete (only the creator; the
 * server decides and says why in the dialog). Deleting a bank leaves its tests. */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Library, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryState } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useDeleteTestBank } from "../api/delete-test-bank";
import { testBanksQuery } from "../api/get-test-banks";
import type { TestBank } from "../api/types";
import { IconButton } from "../components/icon-button";
import { TestBankDialog } from "../components/test-bank-dialog";

const LIMIT = 20;
const SORTS = [
  { value: "name", label: "tests.banks.sort.name" },
  { value: "-updated_at", label: "tests.banks.sort.updated" },
  { value: "-created_at", label: "tests.banks.sort.created" },
] as const;

export default function TestBanksRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const me = useAuthorized().data?.user;
  const { values, page, filtered, set } = useListParams({ search: "", order: "name" });
  const [editing, setEditing] = useState<TestBank | "new" | null>(null);
  const [deleting, setDeleting] = useState<TestBank | null>(null);
  const [deleteError, setDeleteError] = useState("");
  const banks = useQuery(
    testBanksQuery({ search: values.search.trim() || undefined, order_by: values.order, page, limit: LIMIT }),
  );
  const remove = useDeleteTestBank();

  function onDelete(bank: TestBank) {
    setDeleteError("");
    remove.mutate(bank.id, {
      onSuccess: () => {
        toast({ variant: "success", title: t("tests.banks.deleted") });
        setDeleting(null);
      },
      onError: (e) => setDeleteError(e instanceof ApiError ? e.message : t("common.unknownError")),
    });
  }

  return (
    <div className="grid gap-6">
      <Link
        to="/test-preset"
        className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("tests.banks.backToTests")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("tests.banks.title")}</h1>
          <p className="text-sm text-slate-600">{t("tests.banks.intro")}</p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t("tests.banks.new")}
        </Button>
      </div>
      <ListToolbar>
        <SearchFilter
          id="test-bank-search"
          placeholder={t("tests.banks.searchPlaceholder")}
          value={values.search}
          onChange={(search) => set({ search })}
        />
        <SelectFilter
          id="test-bank-order"
          label={t("common.sort")}
          value={values.order}
          onChange={(order) => set({ order })}
          choices={SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
        />
      </ListToolbar>
      <QueryState query={banks} failed={t("tests.loadFailed")}>
        {({ items, limit, total }) =>
          items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
              {t(filtered ? "tests.banks.noMatches" : "tests.banks.empty")}
            </p>
          ) : (
            <>
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("tests.banks.title")}>
                {items.map((bank) => (
                  <li
                    key={bank.id}
                    className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4"
                  >
                    <Library className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
                    <div className="grid min-w-0 flex-1 gap-1">
                      <Link
                        to={`/test-preset/banks/${bank.id}`}
                        className="font-semibold text-slate-900 [overflow-wrap:anywhere] hover:text-blue-700"
                      >
                        <Lang>{bank.name}</Lang>
                      </Link>
                      <p className="text-xs text-slate-600">
                        {t("tests.banks.counts", { count: bank.preset_count })} · {bank.created_by_name} ·{" "}
                        {formatDate(bank.updated_at, locale)}
                      </p>
                    </div>
                    {me?.pandai_profile_id === bank.created_by_profile_id && (
                      <div className="flex shrink-0 gap-1">
                        <IconButton
                          icon={Pencil}
                          label={t("tests.banks.rename", { name: bank.name })}
                          onClick={() => setEditing(bank)}
                        />
                        <IconButton
                          icon={Trash2}
                          label={t("tests.banks.delete", { name: bank.name })}
                          onClick={() => {
                            setDeleteError("");
                            setDeleting(bank);
                          }}
                        />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <Pager page={page} limit={limit} total={total} onPage={(next) => set({ page: next })} />
            </>
          )
        }
      </QueryState>
      {editing !== null && (
        <TestBankDialog bank={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && onDelete(deleting)}
        busy={remove.isPending}
        error={deleteError}
        title={t("tests.banks.deleteTitle")}
        description={t("tests.banks.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}
