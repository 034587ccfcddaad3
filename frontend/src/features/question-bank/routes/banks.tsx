/** /question-bank: the organization's question banks (top level), search, sort, paging (in the
 * address); create, rename, delete (only the creator; the server decides). */
import { Folder, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryState } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useDeleteBank } from "../api/delete-bank";
import { useBanks } from "../api/get-banks";
import type { Bank } from "../api/types";
import { AuthoringTabs } from "../components/authoring-tabs";
import { BankDialog } from "../components/bank-dialog";
import { EditDeleteButtons } from "../components/edit-delete-buttons";
import { EmptyCard } from "../components/empty-card";

const LIMIT = 20;

export default function BanksRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const me = useAuthorized().data?.user;
  const { values, page, set } = useListParams({ search: "", order: "name" });
  const [editing, setEditing] = useState<Bank | "new" | null>(null);
  const [deleting, setDeleting] = useState<Bank | null>(null);
  const banks = useBanks({ search: values.search.trim(), order_by: values.order, page, limit: LIMIT });
  const remove = useDeleteBank();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("nav.questionBank")}</h1>
        <Button onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" /> {t("qb.newBank")}
        </Button>
      </div>
      <AuthoringTabs />
      <ListToolbar>
        <SearchFilter
          id="bank-search"
          placeholder={t("common.search")}
          value={values.search}
          onChange={(search) => set({ search })}
        />
        <SelectFilter
          id="bank-order"
          label={t("common.sort")}
          value={values.order}
          onChange={(order) => set({ order })}
          choices={[
            { value: "name", label: t("qb.sort.name") },
            { value: "-updated_at", label: t("qb.sort.updated") },
            { value: "-created_at", label: t("qb.sort.created") },
          ]}
        />
      </ListToolbar>
      <QueryState query={banks} failed={t("qb.loadFailed")}>
        {({ items, limit, total }) =>
          items.length === 0 ? (
            <EmptyCard>{t("qb.noBanks")}</EmptyCard>
          ) : (
            <>
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {items.map((bank) => (
                  <li
                    key={bank.id}
                    className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4"
                  >
                    <Folder className="mt-0.5 h-5 w-5 text-amber-500" aria-hidden="true" />
                    <div className="grid flex-1 gap-1">
                      <Link
                        to={`/question-bank/${bank.id}`}
                        className="font-semibold text-slate-900 hover:text-blue-700"
                      >
                        <Lang>{bank.name}</Lang>
                      </Link>
                      <p className="text-xs text-slate-500">
                        {t("qb.bankCounts", {
                          questions: bank.question_count ?? 0,
                          folders: bank.folder_count ?? 0,
                        })}{" "}
                        · {bank.created_by_name} · {formatDate(bank.updated_at, locale)}
                      </p>
                    </div>
                    {me?.pandai_profile_id === bank.created_by_profile_id && (
                      <div className="flex gap-1">
                        <EditDeleteButtons
                          editLabel={t("qb.rename", { name: bank.name })}
                          deleteLabel={t("qb.delete", { name: bank.name })}
                          onEdit={() => setEditing(bank)}
                          onDelete={() => setDeleting(bank)}
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
      <BankDialog bank={editing} parentId={null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        busy={remove.isPending}
        title={t("qb.deleteTitle")}
        description={t("qb.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}
