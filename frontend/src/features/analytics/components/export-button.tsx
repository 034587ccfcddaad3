/** An export button (issue 10, item 3): a small export downloads at once; a large one answers
 * with a background job, shown as a progress bar while the SPA polls it, then downloads. The
 * file name comes from the Content-Disposition header. */
import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { saveBlob } from "@/lib/download";
import { useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { downloadJobFile, type ExportResult } from "../api/export-file";
import { useExportJob } from "../api/get-export-job";

export function ExportButton({
  label,
  run,
  disabled,
}: {
  label: MessageId;
  run: () => Promise<ExportResult>;
  disabled?: boolean;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);
  const fetched = useRef<string | null>(null);

  useEffect(() => {
    const data = job.data;
    if (!data || fetched.current === data.id) return;
    if (data.status === "done") {
      fetched.current = data.id;
      void downloadJobFile(data)
        .then(({ blob, fileName }) => {
          saveBlob(blob, fileName);
          toast({ title: t("analytics.export.ready"), description: fileName });
        })
        .catch((error: unknown) => {
          // the server's (localized) reason when it answered; a dropped connection has none
          toast({
            variant: "destructive",
            title: t("analytics.export.downloadFailed"),
            description:
              error instanceof ApiError ? error.message : t("analytics.export.downloadFailedRetry"),
          });
        })
        .finally(() => {
          setJobId(null);
          setBusy(false);
        });
    } else if (data.status === "failed") {
      fetched.current = data.id;
      toast({ variant: "destructive", title: t("analytics.export.failed"), description: data.error });
      setJobId(null);
      setBusy(false);
    }
  }, [job.data, t]);

  // A poll that failed ends the wait: the job is gone (its error status was shown by the API
  // client) or the connection is (said here); polling has stopped (`jobPollInterval`).
  const pollError = job.error;
  useEffect(() => {
    if (!pollError) return;
    if (!(pollError instanceof ApiError)) {
      toast({
        variant: "destructive",
        title: t("analytics.export.failed"),
        description: t("analytics.export.downloadFailedRetry"),
      });
    }
    setJobId(null);
    setBusy(false);
  }, [pollError, t]);

  async function start() {
    setBusy(true);
    try {
      const result = await run();
      if (result.kind === "file") {
        saveBlob(result.blob, result.fileName);
        setBusy(false);
      } else {
        setJobId(result.job.id);
      }
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) {
        // an answer with an error status has been shown by the API client; no answer at all not
        toast({
          variant: "destructive",
          title: t("analytics.export.failed"),
          description: t("analytics.export.downloadFailedRetry"),
        });
      }
    }
  }

  const progress = job.data?.progress ?? 0;
  return (
    <div className="grid gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void start()}
        disabled={busy || disabled}
        aria-busy={busy}
      >
        <Download className="mr-1 h-4 w-4" aria-hidden="true" />
        {busy ? t("analytics.export.preparing") : t(label)}
      </Button>
      {jobId && (
        <div className="grid gap-1" aria-live="polite">
          <div
            role="progressbar"
            aria-label={t("analytics.export.progress")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-40 overflow-hidden rounded-full bg-slate-200"
          >
            <span className="block h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <span className="text-xs text-slate-600">
            {t("analytics.export.progressText", {
              progress,
              done: job.data?.rows_done ?? 0,
              total: job.data?.rows_total ?? 0,
            })}
          </span>
        </div>
      )}
    </div>
  );
}
