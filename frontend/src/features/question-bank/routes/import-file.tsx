/** /question-bank/import-file?bank=&file= — bring a question file into the bank (issue 36): a Word
 * exam, Moodle XML, GIFT, Aiken or QTI. Upload (with its progress), the server reads it in the
 * background (progress), then every question it found is shown as the learner will see it, with
 * its type, key, explanation and problems; a filter shows those that need attention. The educator
 * fixes (the question form) or skips questions, chooses the bank and folder, and imports the rest
 * as drafts (progress, then "9 imported as drafts, 3 skipped"). The file's id stays in the
 * address, so a reload comes back to the same preview. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { banksQuery } from "../api/get-banks";
import { useFileCandidates } from "../api/get-file-candidates";
import { useQuestionFile } from "../api/get-question-file";
import { useImportQuestionFile } from "../api/import-question-file";
import { bankKeys, questionKeys } from "../api/keys";
import type { FileCandidate, QuestionFile, QuestionFileImportReport } from "../api/types";
import { useUpdateFileCandidate } from "../api/update-file-candidate";
import { CandidateCard } from "../components/candidate-card";
import { CandidateFixDialog } from "../components/candidate-fix-dialog";
import { QuestionFileUpload } from "../components/question-file-upload";

const LIMIT = 20;

export default function ImportFileRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const fileId = params.get("file");
  const bankParam = params.get("bank");
  const file = useQuestionFile(fileId);

  const setFile = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("file", id);
    else next.delete("file");
    setParams(next, { replace: !id });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <nav aria-label={t("qb.breadcrumbs")} className="text-sm text-slate-600">
        <Link
          to={bankParam ? `/question-bank/${bankParam}` : "/question-bank"}
          className="hover:text-blue-700"
        >
          {t("nav.questionBank")}
        </Link>
      </nav>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("qfile.title")}</h1>
        <p className="text-sm text-slate-600">{t("qfile.intro")}</p>
      </div>
      {!fileId && <QuestionFileUpload onUploaded={(uploaded) => setFile(uploaded.id)} />}
      {fileId && file.isPending && <p role="status">{t("common.loading")}</p>}
      {fileId && file.isError && (
        <div className="grid gap-3" role="alert">
          <p>{t("qfile.notFound")}</p>
          <Button variant="outline" className="w-fit" onClick={() => setFile(null)}>
            {t("qfile.another")}
          </Button>
        </div>
      )}
      {file.data && <FileView file={file.data} bankParam={bankParam} onAnother={() => setFile(null)} />}
    </div>
  );
}

function FileView({
  file,
  bankParam,
  onAnother,
}: {
  file: QuestionFile;
  bankParam: string | null;
  onAnother: () => void;
}) {
  const t = useT();
  if (file.status === "reading") {
    const job = file.read_job;
    return (
      <section className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5">
        <p className="text-sm">{t("qfile.reading", { name: file.file_name })}</p>
        <ProgressBar
          label={t("qfile.readingLabel")}
          value={job?.progress ?? 0}
          text={t("qfile.progressText", { progress: job?.progress ?? 0 })}
        />
      </section>
    );
  }
  if (file.status === "failed") {
    return (
      <section className="grid gap-3 rounded-2xl border border-red-200 bg-red-50 p-5" role="alert">
        <p className="font-medium text-red-800">{t("qfile.readFailed", { name: file.file_name })}</p>
        <p className="text-sm text-red-800">{file.read_job?.error_message}</p>
        <Button variant="outline" className="w-fit" onClick={onAnother}>
          {t("qfile.another")}
        </Button>
      </section>
    );
  }
  return <Preview file={file} bankParam={bankParam} onAnother={onAnother} />;
}

function Preview({
  file,
  bankParam,
  onAnother,
}: {
  file: QuestionFile;
  bankParam: string | null;
  onAnother: () => void;
}) {
  const t = useT();
  const [attention, setAttention] = useState(false);
  const [page, setPage] = useState(1);
  const [fixing, setFixing] = useState<FileCandidate | null>(null);
  const candidates = useFileCandidates(file.id, { page, limit: LIMIT, attention });
  const update = useUpdateFileCandidate(file.id);
  const open = file.status === "ready";

  const skip = (candidate: FileCandidate, skipped: boolean) =>
    update.mutate(
      { candidateId: candidate.id, body: { skipped } },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: error instanceof ApiError ? error.message : t("common.unknownError"),
          }),
      },
    );

  const showFilter = (next: boolean) => {
    setAttention(next);
    setPage(1);
  };

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_320px]">
      <section aria-labelledby="preview-heading" className="grid content-start gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="preview-heading" className="text-lg font-semibold">
            {t("qfile.previewTitle", { name: file.file_name })}
          </h2>
          <span className="text-sm text-slate-600">{file.format_name}</span>
        </div>
        <p className="text-sm" role="status">
          {t("qfile.summary", {
            questions: file.questions,
            attention: file.need_attention,
            skipped: file.skipped,
          })}
        </p>
        <div role="group" aria-label={t("qfile.filter")} className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={attention ? "outline" : "default"}
            aria-pressed={!attention}
            onClick={() => showFilter(false)}
          >
            {t("qfile.all", { count: file.questions })}
          </Button>
          <Button
            size="sm"
            variant={attention ? "default" : "outline"}
            aria-pressed={attention}
            onClick={() => showFilter(true)}
          >
            {t("qfile.attentionFilter")}
          </Button>
        </div>
        {candidates.isPending && <p role="status">{t("common.loading")}</p>}
        {candidates.isError && (
          <p role="alert" className="text-sm text-red-700">
            {t("common.unknownError")}
          </p>
        )}
        {candidates.data && candidates.data.items.length === 0 && (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {attention ? t("qfile.noneNeedAttention") : t("qfile.empty")}
          </p>
        )}
        <ol className="grid gap-3" aria-label={t("qfile.questions")}>
          {candidates.data?.items.map((candidate) => (
            <li key={candidate.id}>
              <CandidateCard
                candidate={candidate}
                busy={!open || update.isPending}
                onFix={() => setFixing(candidate)}
                onSkip={(skipped) => skip(candidate, skipped)}
              />
            </li>
          ))}
        </ol>
        {candidates.data && candidates.data.total > LIMIT && (
          <Pager page={page} limit={LIMIT} total={candidates.data.total} onPage={setPage} />
        )}
      </section>
      <ImportPanel file={file} bankParam={bankParam} onAnother={onAnother} />
      {fixing && <CandidateFixDialog fileId={file.id} candidate={fixing} onClose={() => setFixing(null)} />}
    </div>
  );
}

function ImportPanel({
  file,
  bankParam,
  onAnother,
}: {
  file: QuestionFile;
  bankParam: string | null;
  onAnother: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const banks = useQuery(banksQuery({ limit: 100 }));
  const [bankId, setBankId] = useState<string>(bankParam ?? "");
  const [folderId, setFolderId] = useState<string>("");
  const folders = useQuery({ ...banksQuery({ parent_id: Number(bankId), limit: 100 }), enabled: !!bankId });
  const start = useImportQuestionFile(file.id);
  const [error, setError] = useState("");
  const job = file.import_job;
  const report = job?.status === "done" ? (job.result as QuestionFileImportReport | null) : null;
  const bankOptions = banks.data?.items ?? [];
  const chosenBank = bankId || (bankOptions.length === 1 ? String(bankOptions[0]!.id) : "");

  function run() {
    if (!chosenBank) return;
    setError("");
    start.mutate(
      { bankId: Number(chosenBank), folderId: folderId ? Number(folderId) : null },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: bankKeys.all });
          void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
      },
    );
  }

  return (
    <aside
      aria-labelledby="import-heading"
      className="order-first grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 lg:order-none lg:sticky lg:top-20"
    >
      <h2 id="import-heading" className="font-semibold">
        {t("qfile.importTitle")}
      </h2>
      {file.status === "imported" && report ? (
        <div className="grid gap-3" role="status">
          <p className="text-sm font-medium text-emerald-800">
            {t("qfile.result", { imported: report.imported, skipped: report.skipped })}
          </p>
          {file.target_bank_id && (
            <Link className="text-sm text-blue-700 underline" to={`/question-bank/${file.target_bank_id}`}>
              {t("qfile.openBank")}
            </Link>
          )}
          <Button variant="outline" className="w-fit" onClick={onAnother}>
            {t("qfile.another")}
          </Button>
        </div>
      ) : file.status === "importing" ? (
        <ProgressBar
          label={t("qfile.importingLabel")}
          value={job?.progress ?? 0}
          text={t("qfile.importingText", {
            progress: job?.progress ?? 0,
            done: job?.rows_done ?? 0,
            total: job?.rows_total ?? 0,
          })}
        />
      ) : (
        <>
          <Field label={t("qfile.bank")} htmlFor="target-bank">
            <Select
              id="target-bank"
              value={chosenBank}
              onChange={(e) => {
                setBankId(e.target.value);
                setFolderId("");
              }}
            >
              <option value="">{t("qfile.chooseBank")}</option>
              {bankOptions.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("qfile.folder")} htmlFor="target-folder" hint={t("qfile.folderHint")}>
            <Select
              id="target-folder"
              value={folderId}
              disabled={!chosenBank}
              onChange={(e) => setFolderId(e.target.value)}
            >
              <option value="">{t("qfile.bankItself")}</option>
              {(folders.data?.items ?? []).map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </Select>
          </Field>
          {job?.status === "failed" && (
            <p role="alert" className="text-sm text-red-700">
              {job.error_message}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button disabled={!chosenBank || !file.importable || start.isPending} onClick={run}>
            {t("qfile.importNow", { count: file.importable })}
          </Button>
          {file.need_attention > 0 && (
            <p className="text-xs text-slate-600">{t("qfile.leftOut", { count: file.need_attention })}</p>
          )}
        </>
      )}
    </aside>
  );
}
