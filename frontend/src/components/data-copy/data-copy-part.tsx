/** "Download the data" (issue 24, item 5): a copy's request, progress, readiness with its size
 * and expiry, failure and expiry, and its download. Shared by the profile page (the owner) and
 * the parent's consent link; each passes its title and text, how to ask and how to fetch. The
 * server decides every state and sends the dates; this only shows them. */
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useDownload } from "@/lib/download";
import { formatDate, formatDateTime, formatFileSize } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { DataExport } from "./types";

export function DataCopyPart({
  copy,
  title,
  body,
  requesting,
  onRequest,
  fetchCopy,
}: {
  /** The latest copy, or null when none was asked for. */
  copy: DataExport | null;
  title: string;
  body: string;
  requesting: boolean;
  onRequest: () => void;
  /** Fetch the ready copy and hand it to the browser (`downloadFile`). */
  fetchCopy: (copy: DataExport) => Promise<unknown>;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const busy = copy?.status === "queued" || copy?.status === "running";
  const { downloading, download } = useDownload(
    () => (copy ? fetchCopy(copy) : Promise.resolve()),
    t("dataCopy.downloadFailed"),
  );
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-slate-600">{body}</p>
      {busy && copy && (
        <>
          <ProgressBar
            label={t("dataCopy.exportProgress")}
            value={copy.progress}
            text={t("dataCopy.exportProgressText", { progress: copy.progress })}
          />
          {/* Issue 37, item 8: the day by which the Law requires the answer (Vietnam time). */}
          <p className="text-sm text-slate-600">
            {t("dataCopy.answerBy", { date: formatDate(copy.answer_due_on, locale) })}
          </p>
        </>
      )}
      {copy?.status === "ready" && (
        <p role="status" className="text-sm text-emerald-800">
          {t("dataCopy.exportReady", {
            size: formatFileSize(copy.file_size, locale),
            date: copy.expires_at ? formatDateTime(copy.expires_at, locale) : "—",
          })}
        </p>
      )}
      {copy?.status === "failed" && (
        <p role="alert" className="text-sm text-red-700">
          {copy.error_message || t("dataCopy.exportFailed")}
        </p>
      )}
      {copy?.status === "expired" && <p className="text-sm text-slate-600">{t("dataCopy.exportExpired")}</p>}
      <div className="flex flex-wrap gap-2">
        {copy?.status === "ready" && (
          <Button disabled={downloading} onClick={() => void download()}>
            {t("dataCopy.download")}
          </Button>
        )}
        <Button
          variant={copy?.status === "ready" ? "outline" : "default"}
          disabled={busy || requesting}
          onClick={onRequest}
        >
          {t(copy?.status === "ready" ? "dataCopy.exportAgain" : "dataCopy.exportRequest")}
        </Button>
      </div>
    </div>
  );
}
