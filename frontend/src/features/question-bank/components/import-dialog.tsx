/** Import questions from .xlsx: a dry run lists every bad row; nothing is imported until the
 * file is clean; then one click imports all rows. A large file is checked or imported by a
 * background job (202): the dialog polls it, shows a progress bar, then the same report
 * (issue 16 item 8). An import ends with "N questions imported" (issue 19). */
import { useState } from "react";

import { ImportJobProgress } from "@/components/import-job/import-job-progress";
import { useImportJobOutcome } from "@/components/import-job/use-import-job-outcome";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { importQuestions } from "../api/import-questions";
import type { ImportReport } from "../api/types";

export function ImportDialog({
  bankId,
  open,
  onOpenChange,
  onImported,
}: {
  bankId: number;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onImported: () => void;
}) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  function finish(result: ImportReport, dryRun: boolean) {
    setReport(result);
    if (!dryRun) {
      toast({ variant: "success", title: t("qb.imported", { count: result.imported }) });
      onImported();
      onOpenChange(false);
      setFile(null);
      setReport(null);
    }
  }

  // A background job ends once: its report as the synchronous answer would have shown it, or
  // the server's reason (with the bad rows of an invalid file).
  const background = useImportJobOutcome<ImportReport>({
    onDone: finish,
    onFailed: (message, result) => {
      setError(message);
      setReport(result);
    },
    onError: setError,
  });

  async function run(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setError("");
    background.stop();
    try {
      const outcome = await importQuestions(bankId, file, dryRun);
      if (outcome.kind === "job") background.follow(outcome.job);
      else finish(outcome.report, dryRun);
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        if (e.body.report) setReport(e.body.report as ImportReport);
      }
    } finally {
      setBusy(false);
    }
  }

  const waiting = busy || background.job !== null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("qb.importTitle")}
      description={t("qb.importBody")}
      closeLabel={t("common.close")}
    >
      <div className="grid gap-3">
        <Button
          variant="link"
          size="sm"
          className="justify-start px-0"
          onClick={() =>
            downloadFile("/api/v1/question-banks/import-template", "question-import-template.xlsx")
          }
        >
          {t("qb.downloadTemplate")}
        </Button>
        <label htmlFor="import-file" className="text-sm font-medium">
          {t("qb.chooseFile")}
        </label>
        <input
          id="import-file"
          type="file"
          accept=".xlsx"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
            setError("");
            background.stop();
          }}
        />
        {background.job && (
          <ImportJobProgress
            job={background.job}
            note="qb.importBackground"
            label="qb.importProgress"
            text="qb.importProgressText"
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        {report && (
          <div className="grid gap-2 text-sm" role="status">
            <p>{t("qb.importSummary", { rows: report.rows, valid: report.valid })}</p>
            {report.errors.length > 0 && (
              <ul className="max-h-48 overflow-auto rounded-lg border border-red-200 bg-red-50 p-2 text-xs text-red-800">
                {report.errors.map((e, i) => (
                  <li key={i}>
                    {t("qb.importRow", { row: e.row, column: e.column || "—", message: e.message })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={!file || waiting} onClick={() => run(true)}>
            {t("qb.check")}
          </Button>
          <Button
            disabled={!file || waiting || !report || report.errors.length > 0}
            onClick={() => run(false)}
          >
            {t("qb.importNow")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
