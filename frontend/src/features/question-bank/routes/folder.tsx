/** /question-bank/:id: a folder's sub-folders and questions, with filters (status, type, grade,
 * subject, difficulty, cluster), bulk submit / approve / publish, move, import and export. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, Download, Folder, FolderPlus, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { Input } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { downloadFile } from "@/lib/download";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import {
  bulkAction,
  DIFFICULTIES,
  getBank,
  listBanks,
  listClusters,
  listQuestions,
  listSubjects,
  moveQuestions,
  QUESTION_TYPES,
  STATUSES,
  type QuestionQuery,
} from "../api/authoring";
import { ImportDialog } from "../components/import-dialog";
import { difficultyLabel, STATUS_STYLE, statusLabel, stemOf, typeLabel } from "../components/labels";
import { MathHtml } from "@/components/math-html";
import { BankDialog } from "./banks";

export default function FolderRoute() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const bankId = Number(id);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<QuestionQuery>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [newFolder, setNewFolder] = useState(false);
  const [importing, setImporting] = useState(false);
  const bank = useQuery({ queryKey: ["question-bank", bankId], queryFn: () => getBank(bankId) });
  const topLevel = useQuery({
    queryKey: ["question-banks", { top: true }],
    queryFn: () => listBanks({ limit: 100 }),
  });
  const folders = useQuery({
    queryKey: ["question-banks", { parent: bankId }],
    queryFn: () => listBanks({ parent_id: bankId, limit: 100 }),
  });
  const subjects = useQuery({ queryKey: ["subjects"], queryFn: listSubjects, staleTime: Infinity });
  const clusters = useQuery({ queryKey: ["matrix-clusters"], queryFn: listClusters });
  const questions = useQuery({
    queryKey: ["questions", bankId, filters, page],
    queryFn: () => listQuestions({ ...filters, bank_id: bankId, page, limit: 20 }),
  });
  const pages = questions.data ? Math.max(1, Math.ceil(questions.data.total / questions.data.limit)) : 1;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["questions"] });

  async function moveTo(target: string) {
    if (target === "__none") return;
    const { moved } = await moveQuestions(selected, Number(target));
    toast({ variant: "success", title: t("qb.moved", { count: moved }) });
    setSelected([]);
    await refresh();
  }

  async function runBulk(action: "submit" | "approve" | "publish") {
    const results = await bulkAction(action, selected);
    const failed = results.filter((r) => !r.ok);
    toast({
      variant: failed.length ? "destructive" : "success",
      title: t("qb.bulkDone", { ok: results.length - failed.length, total: results.length }),
      description: failed.map((r) => `#${r.id}: ${r.message}`).join(" · ") || undefined,
    });
    setSelected([]);
    await refresh();
  }

  const filter = (key: keyof QuestionQuery, value: string) => {
    setFilters((old) => ({ ...old, [key]: value === "__all" ? undefined : value }));
    setPage(1);
  };

  if (bank.isError) return <p>{t("error.notFound")}</p>;
  const items = questions.data?.items ?? [];
  const allChecked = items.length > 0 && items.every((q) => selected.includes(q.id));

  return (
    <div className="grid gap-6">
      <nav
        aria-label={t("qb.breadcrumbs")}
        className="flex flex-wrap items-center gap-1 text-sm text-slate-600"
      >
        <Link to="/question-bank" className="hover:text-blue-700">
          {t("nav.questionBank")}
        </Link>
        {bank.data?.path.map((crumb) => (
          <span key={crumb.id} className="flex items-center gap-1">
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
            <Link
              to={`/question-bank/${crumb.id}`}
              className="hover:text-blue-700"
              aria-current={crumb.id === bankId ? "page" : undefined}
            >
              {crumb.name}
            </Link>
          </span>
        ))}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{bank.data?.name ?? t("common.loading")}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setNewFolder(true)}>
            <FolderPlus className="h-4 w-4" /> {t("qb.newFolder")}
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload className="h-4 w-4" /> {t("qb.import")}
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              downloadFile(`/api/v1/question-banks/${bankId}/export`, `question-bank-${bankId}.xlsx`)
            }
          >
            <Download className="h-4 w-4" /> {t("qb.export")}
          </Button>
          <Button onClick={() => navigate(`/question-bank/form/new?bank=${bankId}`)}>
            <Plus className="h-4 w-4" /> {t("qb.newQuestion")}
          </Button>
        </div>
      </div>
      {(folders.data?.items.length ?? 0) > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("qb.folders")}>
          {folders.data?.items.map((f) => (
            <li key={f.id}>
              <Link
                to={`/question-bank/${f.id}`}
                className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm hover:border-blue-300"
              >
                <Folder className="h-4 w-4 text-amber-500" aria-hidden="true" /> {f.name}{" "}
                <span className="text-xs text-slate-500">({f.question_count})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7">
        <Field label={t("common.search")} htmlFor="q-search">
          <Input id="q-search" onChange={(e) => filter("search", e.target.value)} />
        </Field>
        <Field label={t("qb.status")} htmlFor="f-status">
          <Select id="f-status" onChange={(e) => filter("status", e.target.value)}>
            <option value="__all">{t("common.all")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusLabel(s))}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("qb.type")} htmlFor="f-type">
          <Select id="f-type" onChange={(e) => filter("type", e.target.value)}>
            <option value="__all">{t("common.all")}</option>
            {QUESTION_TYPES.map((s) => (
              <option key={s} value={s}>
                {t(typeLabel(s))}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("field.grade")} htmlFor="f-grade">
          <Select id="f-grade" onChange={(e) => filter("grade", e.target.value)}>
            <option value="__all">{t("common.all")}</option>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((g) => (
              <option key={g} value={String(g)}>
                {g}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("qb.subject")} htmlFor="f-subject">
          <Select id="f-subject" onChange={(e) => filter("subject_id", e.target.value)}>
            <option value="__all">{t("common.all")}</option>
            {subjects.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {language === "en" ? s.name_en : s.name_vi}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("qb.difficulty")} htmlFor="f-difficulty">
          <Select id="f-difficulty" onChange={(e) => filter("difficulty", e.target.value)}>
            <option value="__all">{t("common.all")}</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {t(difficultyLabel(d))}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("qb.cluster")} htmlFor="f-cluster">
          <Select id="f-cluster" onChange={(e) => filter("cluster_id", e.target.value)}>
            <option value="__all">{t("common.all")}</option>
            {clusters.data?.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.code} — {c.description}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {selected.length > 0 && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-xl bg-blue-50 px-4 py-2 text-sm"
          role="region"
          aria-label={t("qb.bulk")}
        >
          <span>{t("qb.selected", { count: selected.length })}</span>
          <Button size="sm" variant="outline" onClick={() => runBulk("submit")}>
            {t("qb.action.submit")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => runBulk("approve")}>
            {t("qb.action.approve")}
          </Button>
          <Button size="sm" onClick={() => runBulk("publish")}>
            {t("qb.action.publish")}
          </Button>
          <label htmlFor="move-to" className="ml-2">
            {t("qb.moveTo")}
          </label>
          <Select id="move-to" className="w-56" value="__none" onChange={(e) => void moveTo(e.target.value)}>
            <option value="__none" disabled>
              {t("common.choose")}
            </option>
            {[...(topLevel.data?.items ?? []), ...(folders.data?.items ?? [])]
              .filter((b) => b.id !== bankId)
              .map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {b.name}
                </option>
              ))}
          </Select>
        </div>
      )}
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="w-10 p-3">
                <input
                  type="checkbox"
                  aria-label={t("qb.selectAll")}
                  checked={allChecked}
                  disabled={items.length === 0}
                  onChange={() => setSelected(allChecked ? [] : items.map((q) => q.id))}
                />
              </th>
              <th className="p-3">{t("qb.question")}</th>
              <th className="p-3">{t("qb.type")}</th>
              <th className="p-3">{t("qb.subject")}</th>
              <th className="p-3">{t("field.grade")}</th>
              <th className="p-3">{t("qb.difficulty")}</th>
              <th className="p-3">{t("qb.status")}</th>
            </tr>
          </thead>
          <tbody>
            {questions.isPending && (
              <tr>
                <td colSpan={7} className="p-6 text-center text-slate-500">
                  {t("common.loading")}
                </td>
              </tr>
            )}
            {!questions.isPending && items.length === 0 && (
              <tr>
                <td colSpan={7} className="p-10 text-center text-slate-500">
                  {t("qb.noQuestions")}
                </td>
              </tr>
            )}
            {items.map((q) => (
              <tr key={q.id} className="border-t border-slate-100 hover:bg-slate-50">
                <td className="p-3">
                  <input
                    type="checkbox"
                    aria-label={t("qb.selectOne", { id: q.id })}
                    checked={selected.includes(q.id)}
                    onChange={() =>
                      setSelected((old) =>
                        old.includes(q.id) ? old.filter((x) => x !== q.id) : [...old, q.id],
                      )
                    }
                  />
                </td>
                <td className="max-w-md p-3">
                  <Link
                    to={`/question-bank/form/${q.id}`}
                    className="line-clamp-2 text-slate-900 hover:text-blue-700"
                  >
                    <MathHtml html={stemOf(q.stem, language) || `#${q.id}`} />
                  </Link>
                </td>
                <td className="p-3">{t(typeLabel(q.type))}</td>
                <td className="p-3">{q.subject_name}</td>
                <td className="p-3">{q.grade ?? "—"}</td>
                <td className="p-3">{q.difficulty ? t(difficultyLabel(q.difficulty)) : "—"}</td>
                <td className="p-3">
                  <span
                    className={cn("rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLE[q.status])}
                  >
                    {t(statusLabel(q.status))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
        bank={newFolder ? "new" : null}
        parentId={bankId}
        onClose={() => setNewFolder(false)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ["question-banks"] })}
      />
      <ImportDialog bankId={bankId} open={importing} onOpenChange={setImporting} onImported={refresh} />
    </div>
  );
}
