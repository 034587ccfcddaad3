/** "Print paper versions" (issue 36, item 3): how many versions (codes 101, 102, …) and the
 * paper's language, then the background export's progress and its .zip (a PDF and a .docx per
 * version, the answer keys in an .xlsx). Vietnamese by default, as the papers are printed. */
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useT } from "@/lib/intl";

import {
  downloadPaperExport,
  MAX_VERSIONS,
  MIN_VERSIONS,
  type PaperLanguage,
  usePaperExport,
  useStartPaperExport,
} from "../api/paper-export";

export function PaperDialog({ presetId, onClose }: { presetId: number; onClose: () => void }) {
  const t = useT();
  const [versions, setVersions] = useState("4");
  const [language, setLanguage] = useState<PaperLanguage>("vi");
  const [error, setError] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const start = useStartPaperExport(presetId);
  const job = usePaperExport(presetId, jobId).data;

  function submit() {
    const count = Number(versions);
    if (!Number.isInteger(count) || count < MIN_VERSIONS || count > MAX_VERSIONS) {
      setError(t("paper.versionsRange", { min: MIN_VERSIONS, max: MAX_VERSIONS }));
      return;
    }
    start.mutate({ versions: count, language }, { onSuccess: (queued) => setJobId(queued.id) });
  }

  async function download() {
    if (!job) return;
    setDownloading(true);
    try {
      await downloadPaperExport(job);
    } finally {
      setDownloading(false);
    }
  }

  const running = jobId !== null && job?.status !== "done" && job?.status !== "failed";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("paper.title")}
      description={t("paper.intro")}
      closeLabel={t("common.close")}
    >
      {jobId === null ? (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field
            label={t("paper.versions")}
            htmlFor="paper-versions"
            hint={t("paper.versionsHint", { max: MAX_VERSIONS })}
            error={error}
          >
            <Input
              id="paper-versions"
              type="number"
              inputMode="numeric"
              min={MIN_VERSIONS}
              max={MAX_VERSIONS}
              value={versions}
              aria-invalid={!!error}
              onChange={(e) => {
                setVersions(e.target.value);
                setError("");
              }}
            />
          </Field>
          <Field label={t("paper.language")} htmlFor="paper-language">
            <Select
              id="paper-language"
              value={language}
              onChange={(e) => setLanguage(e.target.value as PaperLanguage)}
            >
              <option value="vi">{t("paper.language.vi")}</option>
              <option value="en">{t("paper.language.en")}</option>
            </Select>
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? t("common.working") : t("paper.start")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="grid gap-4">
          {job?.status === "failed" ? (
            <p role="alert" className="text-sm text-red-700">
              {t("paper.failed")} {job.error}
            </p>
          ) : (
            <ProgressBar
              label={t("paper.progressLabel")}
              value={job?.progress ?? 0}
              text={
                job?.status === "done"
                  ? t("paper.ready", { count: job.versions })
                  : t("paper.progress", {
                      done: job?.versions_done ?? 0,
                      total: job?.versions ?? Number(versions),
                    })
              }
            />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t("common.close")}
            </Button>
            <Button
              disabled={running || job?.status !== "done" || downloading}
              onClick={() => void download()}
            >
              {t("paper.download")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
