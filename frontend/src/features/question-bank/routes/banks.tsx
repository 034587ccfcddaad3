/** /question-bank: the organization's question banks (top level), search, sort, paging;
 * create, rename, delete (only the creator; the server decides). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Folder, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { createBank, deleteBank, listBanks, renameBank, type Bank } from "../api/authoring";
import { AuthoringTabs } from "../components/authoring-tabs";

export default function BanksRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const me = useAuthorized().data?.user;
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [order, setOrder] = useState("name");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Bank | "new" | null>(null);
  const [deleting, setDeleting] = useState<Bank | null>(null);
  const banks = useQuery({
    queryKey: ["question-banks", { search, order, page }],
    queryFn: () => listBanks({ search, order_by: order, page, limit: 20 }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteBank(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["question-banks"] }),
    onSettled: () => setDeleting(null),
  });
  const pages = banks.data ? Math.max(1, Math.ceil(banks.data.total / banks.data.limit)) : 1;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("nav.questionBank")}</h1>
        <Button onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" /> {t("qb.newBank")}
        </Button>
      </div>
      <AuthoringTabs />
      <div className="flex flex-wrap gap-3">
        <label className="sr-only" htmlFor="bank-search">
          {t("common.search")}
        </label>
        <Input
          id="bank-search"
          className="max-w-xs"
          placeholder={t("common.search")}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <label className="sr-only" htmlFor="bank-order">
          {t("common.sort")}
        </label>
        <Select id="bank-order" className="max-w-xs" value={order} onChange={(e) => setOrder(e.target.value)}>
          <option value="name">{t("qb.sort.name")}</option>
          <option value="-updated_at">{t("qb.sort.updated")}</option>
          <option value="-created_at">{t("qb.sort.created")}</option>
        </Select>
      </div>
      {banks.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : banks.data?.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {t("qb.noBanks")}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {banks.data?.items.map((bank) => (
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
                  {bank.name}
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
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("qb.rename", { name: bank.name })}
                    onClick={() => setEditing(bank)}
                  >
                    <Pencil className="h-4 w-4" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("qb.delete", { name: bank.name })}
                    onClick={() => setDeleting(bank)}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex items-center gap-3 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("common.previous")}
          </Button>
          <span>{t("common.pageOf", { page, pages })}</span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("common.next")}
          </Button>
        </div>
      )}
      <BankDialog
        bank={editing}
        parentId={null}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ["question-banks"] })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
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

/** Create (bank === "new", optionally inside parentId) or rename a bank. */
export function BankDialog({
  bank,
  parentId,
  onClose,
  onSaved,
}: {
  bank: Bank | "new" | null;
  parentId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const open = bank !== null;
  const current = bank !== "new" && bank ? bank : null;
  async function save() {
    setError("");
    try {
      if (current) await renameBank(current.id, name || current.name);
      else await createBank({ name, parent_id: parentId });
      onSaved();
      setName("");
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors.name?.[0] ?? e.message) : t("common.unknownError"));
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(current ? "qb.renameTitle" : parentId ? "qb.newFolder" : "qb.newBank")}
      closeLabel={t("common.close")}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field label={t("qb.bankName")} htmlFor="bank-name" error={error}>
          <Input
            id="bank-name"
            autoFocus
            defaultValue={current?.name ?? ""}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit">{t("common.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
