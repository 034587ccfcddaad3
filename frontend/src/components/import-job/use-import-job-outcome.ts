import { useEffect, useRef, useState } from "react";

import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import { useImportJob } from "./api/get-import-job";
import type { ImportJob, ImportJobReport } from "./api/types";

/** What an import dialog does with a background job it started (issue 16 item 8): `follow(job)`
 * polls it; it ends once, as `onDone(report, dryRun)` (the report the synchronous answer would
 * have shown), `onFailed(message, report)` (the server's reason, with the bad rows of an invalid
 * file), or `onError(message)` when polling fails. `job`: the latest state of the job followed
 * (for `ImportJobProgress`), null when none is; `stop()` forgets it. */
export function useImportJobOutcome<Report extends ImportJobReport>({
  onDone,
  onFailed,
  onError,
}: {
  onDone: (report: Report, dryRun: boolean) => void;
  onFailed: (message: string, report: Report | null) => void;
  onError: (message: string) => void;
}) {
  const t = useT();
  const [started, setStarted] = useState<ImportJob<Report> | null>(null);
  const polled = useImportJob<Report>(started?.id ?? null);
  const ended = useRef<string | null>(null);

  const job = polled.data;
  const pollError = polled.error;
  const latest = useRef({ onDone, onFailed, onError, t });
  useEffect(() => {
    latest.current = { onDone, onFailed, onError, t };
  });
  useEffect(() => {
    if (!started || ended.current === started.id) return;
    if (pollError) {
      ended.current = started.id;
      setStarted(null);
      latest.current.onError(
        pollError instanceof ApiError ? pollError.message : latest.current.t("common.unknownError"),
      );
    } else if (job?.status === "done" && job.result) {
      ended.current = started.id;
      setStarted(null);
      latest.current.onDone(job.result, job.dry_run);
    } else if (job?.status === "failed") {
      ended.current = started.id;
      setStarted(null);
      latest.current.onFailed(job.error_message, job.result);
    }
  }, [started, job, pollError]);

  return {
    job: job && started && job.id === started.id ? job : started,
    follow: (next: ImportJob<Report>) => setStarted(next),
    stop: () => setStarted(null),
  };
}
