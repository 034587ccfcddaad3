/** /question-bank/:id: a folder's sub-folders and questions, with filters (status, type, grade,
 * subject, difficulty, cluster; in the address), bulk submit / approve / publish, move, import
 * and export; its shared stimuli (decision 0054). After an import the filters are cleared so that
 * the new drafts show (issue 19). */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpenText, ChevronRight, FileUp, Folder, FolderPlus, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Lang } from "@/components/lang";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { clustersQuery } from "@/lib/api/matrix-clusters";
import { subjectsQuery } from "@/lib/api/subjects";
import { useT } from "@/lib/intl";

import { useBank } from "../api/get-bank";
import { banksQuery } from "../api/get-banks";
import { useQuestions } from "../api/get-questions";
import { bankKeys, questionKeys } from "../api/keys";
import { BankDialog } from "../components/bank-dialog";
import { BulkBar } from "../components/bulk-bar";
import { ExportMenu } from "../components/export-menu";
import { ImportDialog } from "../components/import-dialog";
import { QUESTION_FILTERS, QuestionFilters } from "../components/question-filters";
import { QuestionTable } from "../components/question-table";
import { StimulusList } from "../components/stimulus-list";

const LIMIT = 20;

export default function FolderRoute() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = "" } = useParams();
  const bankId = Number(id);
  const { values, page, filtered, set } = useListParams(QUESTION_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [newFolder, setNewFolder] = useState(false);
  const [importing, setImporting] = useState(false);
  const bank = useBank(bankId);
  const topLevel = useQuery(banksQuery({ limit: 100 }));
  const folders = useQuery(banksQuery({ parent_id: bankId, limit: 100 }));
  const subjects = useQuery(subjectsQuery());
  const clusters = useQuery(clustersQuery());
  const questions = useQuestions({
    ...values,
    search: values.search.trim(),
    bank_id: bankId,
    page,
    limit: LIMIT,
  });
  // The imported drafts: the bank's counts and the list again, without filters that could hide them.
  const onImported = () => {
    void queryClient.invalidateQueries({ queryKey: bankKeys.all });
    void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    set(QUESTION_FILTERS);
  };

  if (bank.isError) return <p>{t("error.notFound")}</p>;
  const targets = [...(topLevel.data?.items ?? []), ...(folders.data?.items ?? [])].filter(
    (b) => b.id !== bankId,
  );

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
              <Lang>{crumb.name}</Lang>
            </Link>
          </span>
        ))}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          {bank.data ? <Lang>{bank.data.name}</Lang> : t("common.loading")}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setNewFolder(true)}>
            <FolderPlus className="h-4 w-4" /> {t("qb.newFolder")}
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload className="h-4 w-4" /> {t("qb.import")}
          </Button>
          <ExportMenu bankId={bankId} />
          <Button variant="outline" onClick={() => navigate(`/question-bank/import-file?bank=${bankId}`)}>
            <FileUp className="h-4 w-4" /> {t("qfile.open")}
          </Button>
          <Button variant="outline" onClick={() => navigate(`/question-bank/stimulus/new?bank=${bankId}`)}>
            <BookOpenText className="h-4 w-4" /> {t("qb.stimulus.new")}
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
                <Folder className="h-4 w-4 text-amber-500" aria-hidden="true" /> <Lang>{f.name}</Lang>{" "}
                <span className="text-xs text-slate-500">({f.question_count})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <StimulusList bankId={bankId} />
      <QuestionFilters
        values={values}
        onChange={set}
        subjects={subjects.data ?? []}
        clusters={clusters.data ?? []}
      />
      {selected.length > 0 && (
        <BulkBar selected={selected} targets={targets} onDone={() => setSelected([])} />
      )}
      <QuestionTable query={questions} filtered={filtered} selected={selected} onSelect={setSelected} />
      {questions.data && (
        <Pager
          page={page}
          limit={questions.data.limit}
          total={questions.data.total}
          onPage={(next) => set({ page: next })}
        />
      )}
      <BankDialog bank={newFolder ? "new" : null} parentId={bankId} onClose={() => setNewFolder(false)} />
      <ImportDialog bankId={bankId} open={importing} onOpenChange={setImporting} onImported={onImported} />
    </div>
  );
}
