/** Invite learners from an .xlsx or .csv (an `email` column): choosing a file runs a dry run that
 * lists every bad row; nobody is invited until the file is clean; then one click invites all.
 * A large file is checked or invited by a background job (202): the dialog polls it, shows a
 * progress bar, then the same report (issue 16 item 8). */
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Download } from "lucide-react";
import { useState } from "react";

import { ImportJobProgress } from "@/components/import-job/import-job-progress";
import { useImportJobOutcome } from "@/components/import-job/use-import-job-outcome";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useImportLearners } from "../api/import-learners";
import { invitationKeys } from "../api/list-invitations";
import type { ImportReport } from "../api/types";
import { FilePicker } from "@/components/file-picker";

/** A CSV template with the one column the server reads (UTF-8 with BOM so Excel keeps accents). */
export const TEMPLATE_CSV = "\uFEFFemail\r\n";

function downloadTemplate(name: string) {
  const url = URL.createObjectURL(new Blob([TEMPLATE_CSV], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported?: (count: number) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const run = useImportLearners();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState("");

  function close() {
    setFile(null);
    setReport(null);
    setError("");
    background.stop();
    onOpenChange(false);
  }

  function finish(result: ImportReport, dryRun: boolean) {
    if (dryRun) {
      setReport(result);
      return;
    }
    toast({ variant: "success", title: t("people.import.done", { count: result.invited }) });
    onImported?.(result.invited);
    close();
  }

  // A background job ends once: its report as the synchronous answer would have shown it, or
  // the server's reason (with the bad rows of an invalid file).
  const background = useImportJobOutcome<ImportReport>({
    onDone: (result, dryRun) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      finish(result, dryRun);
    },
    onFailed: (message, result) => {
      setError(message);
      setReport(result);
    },
    onError: setError,
  });

  async function submit(chosen: File, dryRun: boolean) {
    setError("");
    background.stop();
    try {
      const outcome = await run.mutateAsync({ file: chosen, dryRun });
      if (outcome.kind === "job") {
        background.follow(outcome.job);
        return;
      }
      finish(outcome.report, dryRun);
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setError(t("common.unknownError"));
        return;
      }
      setError(e.message);
      setReport((e.body.report as ImportReport | undefined) ?? null);
    }
  }

  const clean = report !== null && report.errors.length === 0 && report.valid > 0;
  const busy = run.isPending || background.job !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t("people.import.title")}
      description={t("people.import.body")}
      closeLabel={t("common.close")}
      size="lg"
    >
      <div className="grid gap-4">
        <button
          type="button"
          className="inline-flex items-center gap-2 justify-self-start rounded text-sm font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          onClick={() => downloadTemplate(t("people.import.templateName"))}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {t("people.import.template")}
        </button>
        <FilePicker
          label={t("people.import.file")}
          hint={t("people.import.fileHint")}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          fileName={file?.name ?? null}
          invalid={!!error || (report?.errors.length ?? 0) > 0}
          onChoose={(chosen) => {
            setFile(chosen);
            setReport(null);
            setError("");
            if (chosen) void submit(chosen, true);
          }}
        />
        {run.isPending && <p role="status">{t("people.import.checking")}</p>}
        {background.job && (
          <ImportJobProgress
            job={background.job}
            note={background.job.dry_run ? "people.import.backgroundCheck" : "people.import.backgroundInvite"}
            label="people.import.progress"
            text="people.import.progressText"
          />
        )}
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        {report && <ImportReportView report={report} />}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button disabled={!file || !clean || busy} onClick={() => file && submit(file, false)}>
            {t("people.import.confirm", { count: report?.valid ?? 0 })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The dry run's answer: counts, then every bad row (row number, column, message). */
export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const bad = report.errors.length;
  return (
    <div className="grid gap-3" aria-live="polite">
      <p className="text-sm">{t("people.import.summary", { rows: report.rows, valid: report.valid, bad })}</p>
      {bad === 0 && report.valid > 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t("people.import.clean", { count: report.valid })}
        </p>
      ) : bad > 0 ? (
        <>
          <p className="text-sm font-medium text-red-800">{t("people.import.nobody")}</p>
          <div className="max-h-64 overflow-auto rounded-lg border border-red-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("people.import.badRows")}</caption>
              <thead className="sticky top-0 bg-red-50 text-xs uppercase text-red-900">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("people.import.row")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("people.import.column")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("people.import.problem")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-red-100">
                {report.errors.map((problem, index) => (
                  <tr key={`${problem.row}-${index}`}>
                    <td className="px-3 py-2 tabular-nums">{problem.row}</td>
                    <td className="px-3 py-2">{problem.column || "—"}</td>
                    <td className="px-3 py-2">{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
