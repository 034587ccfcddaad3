/** The batch page's "Bài làm dự phòng" / "Backup answers" (issue 38, item 3; decision 0046): an
 * invigilator chooses the backup answers file a learner's test page saved when the network died
 * for good; the server checks it (its seal, its attempt, a replay) and the page shows, answer by
 * answer, the answer held, the file's and what happens to it; "Apply" writes the answers, records
 * the upload and ends or scores the attempt again. Refusals are shown as the server words them. */
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";

import { FilePicker } from "@/components/file-picker";
import { MathSpan } from "@/components/math-html";
import { Button } from "@/components/ui/button";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { SectionCard } from "@/components/ui/section-card";
import { ApiError } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useBackupApply, useBackupPreview, type BackupAnswers, type BackupRow } from "../api/backup-answers";

const OUTCOME: Record<BackupRow["outcome"], MessageId> = {
  changed: "assignments.backup.outcome.changed",
  unchanged: "assignments.backup.outcome.unchanged",
  older: "assignments.backup.outcome.older",
  after_deadline: "assignments.backup.outcome.afterDeadline",
  not_in_test: "assignments.backup.outcome.notInTest",
  invalid: "assignments.backup.outcome.invalid",
};

export function BackupUpload({ batchId }: { batchId: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const preview = useBackupPreview(batchId);
  const apply = useBackupApply(batchId);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<BackupAnswers | null>(null);
  const [applied, setApplied] = useState<BackupAnswers | null>(null);
  const [error, setError] = useState("");

  const failed = (e: unknown) =>
    setError(e instanceof ApiError && e.status !== 0 ? e.message : t("common.unknownError"));

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    setApplied(null);
    setError("");
    if (!chosen) return;
    preview.mutate(chosen, { onSuccess: setChecked, onError: failed });
  };

  const confirm = () => {
    if (!file) return;
    setError("");
    apply.mutate(file, {
      onSuccess: (envelope) => {
        setApplied(envelope.data);
        setChecked(null);
        toast({ variant: "success", title: envelope.message });
      },
      onError: failed,
    });
  };

  const shown = applied ?? checked;
  return (
    <SectionCard
      id="backup-answers-title"
      title={t("assignments.backup.title")}
      intro={t("assignments.backup.intro")}
    >
      <FilePicker
        label={t("assignments.backup.file")}
        hint={t("assignments.backup.fileHint")}
        accept=".json,application/json"
        fileName={file?.name ?? null}
        invalid={Boolean(error)}
        onChoose={choose}
      />
      {preview.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {t("assignments.backup.checking")}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {shown && (
        <div className="grid gap-3" data-testid="backup-preview">
          <h3 className="text-base font-semibold">
            {t(applied ? "assignments.backup.appliedTitle" : "assignments.backup.previewTitle")}
          </h3>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            {t("assignments.backup.about", {
              learner: shown.learner_name,
              test: shown.test_name,
              deadline: formatDateTime(shown.deadline_at, locale),
            })}
          </p>
          <Table label={t("assignments.backup.tableLabel")}>
            <Head>
              <Th>{t("assignments.backup.col.question")}</Th>
              <Th>{t("assignments.backup.col.old")}</Th>
              <Th>{t("assignments.backup.col.new")}</Th>
              <Th>{t("assignments.backup.col.outcome")}</Th>
            </Head>
            <Body>
              {shown.rows.map((row) => (
                <Tr key={row.question_id}>
                  <Td label={t("assignments.backup.col.question")}>
                    <div className="grid gap-0.5">
                      <span className="font-medium">
                        {row.number > 0
                          ? t("assignments.backup.questionN", { n: row.number })
                          : t("assignments.backup.outsideTest")}
                      </span>
                      {(row.stem.vi || row.stem.en) && (
                        <MathSpan
                          text={row.stem}
                          className="line-clamp-2 block text-xs text-slate-500 [overflow-wrap:anywhere]"
                        />
                      )}
                    </div>
                  </Td>
                  <Td label={t("assignments.backup.col.old")} className="[overflow-wrap:anywhere]">
                    {row.old || "—"}
                  </Td>
                  <Td label={t("assignments.backup.col.new")} className="[overflow-wrap:anywhere]">
                    {row.new || "—"}
                  </Td>
                  <Td label={t("assignments.backup.col.outcome")}>
                    <span
                      className={
                        row.outcome === "changed" ? "font-medium text-emerald-800" : "text-slate-600"
                      }
                    >
                      {row.outcome === "changed" && applied
                        ? t("assignments.backup.outcome.done")
                        : t(OUTCOME[row.outcome])}
                    </span>
                  </Td>
                </Tr>
              ))}
            </Body>
          </Table>
          {applied ? (
            <p role="status" className="flex items-start gap-2 text-sm font-medium text-emerald-800">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {applied.score === null
                ? t("assignments.backup.appliedPending", { learner: applied.learner_name })
                : t("assignments.backup.appliedScore", {
                    learner: applied.learner_name,
                    score: formatNumber(applied.score, locale),
                    max: formatNumber(applied.max_score, locale),
                  })}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {shown.changed > 0
                  ? t("assignments.backup.summary", { count: shown.changed })
                  : t("assignments.backup.nothing")}
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" disabled={apply.isPending} onClick={() => choose(null)}>
                  {t("assignments.backup.cancel")}
                </Button>
                <Button disabled={apply.isPending} onClick={confirm}>
                  {t(apply.isPending ? "assignments.backup.applying" : "assignments.backup.apply")}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </SectionCard>
  );
}
