/** The profile page's "your personal data" section (issue 24, item 5): a copy of the user's data
 * (request, progress, download, expiry, failure) and the deletion of the account (asked with the
 * password, scheduled after the grace period, cancellable). The server decides every rule and
 * sends the dates; this only shows them. */
import { useRef } from "react";

import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { downloadFile, useDownload } from "@/lib/download";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useCancelDeletion } from "../api/cancel-deletion";
import {
  type DataDeletion,
  type DataExport,
  type DataRequests,
  useDataRequests,
} from "../api/get-data-requests";
import { useRequestExport } from "../api/request-export";
import { DeleteAccountDialog } from "./delete-account-dialog";

export function PersonalDataSection() {
  const t = useT();
  const query = useDataRequests();
  return (
    <section
      aria-labelledby="personal-data-title"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="grid gap-1">
        <h2 id="personal-data-title" className="text-lg font-semibold">
          {t("profile.data.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("profile.data.intro")}</p>
      </div>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("common.loading")}
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t("profile.data.loadFailed")}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <>
          <ExportPart data={query.data} />
          <DeletionPart data={query.data} />
        </>
      )}
    </section>
  );
}

function ExportPart({ data }: { data: DataRequests }) {
  const t = useT();
  const { locale } = useLanguage();
  const requestExport = useRequestExport();
  const copy: DataExport | null = data.export;
  const busy = copy?.status === "queued" || copy?.status === "running";
  const { downloading, download } = useDownload(
    () => downloadFile(copy?.download_url ?? "", "my-data.zip"),
    t("profile.data.downloadFailed"),
  );
  const ask = (
    <Button
      variant={copy?.status === "ready" ? "outline" : "default"}
      disabled={busy || requestExport.isPending}
      onClick={() => requestExport.mutate()}
    >
      {t(copy?.status === "ready" ? "profile.data.exportAgain" : "profile.data.exportRequest")}
    </Button>
  );
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">{t("profile.data.exportTitle")}</h3>
      <p className="text-sm text-slate-600">
        {t("profile.data.exportBody", { days: data.export_keep_days })}
      </p>
      {busy && copy && (
        <ProgressBar
          label={t("profile.data.exportProgress")}
          value={copy.progress}
          text={t("profile.data.exportProgressText", { progress: copy.progress })}
        />
      )}
      {copy?.status === "ready" && (
        <p role="status" className="text-sm text-emerald-800">
          {t("profile.data.exportReady", {
            size: formatFileSize(copy.file_size, locale),
            date: copy.expires_at ? formatDateTime(copy.expires_at, locale) : "—",
          })}
        </p>
      )}
      {copy?.status === "failed" && (
        <p role="alert" className="text-sm text-red-700">
          {copy.error_message || t("profile.data.exportFailed")}
        </p>
      )}
      {copy?.status === "expired" && (
        <p className="text-sm text-slate-600">{t("profile.data.exportExpired")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {copy?.status === "ready" && (
          <Button disabled={downloading} onClick={() => void download()}>
            {t("profile.data.download")}
          </Button>
        )}
        {ask}
      </div>
    </div>
  );
}

function DeletionPart({ data }: { data: DataRequests }) {
  const t = useT();
  const { locale } = useLanguage();
  const cancel = useCancelDeletion();
  const heading = useRef<HTMLHeadingElement>(null);
  const deletion: DataDeletion | null = data.deletion;
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-5">
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        {t("profile.data.deleteTitle")}
      </h3>
      {deletion ? (
        <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p role="status">
            {t("profile.data.deletionScheduled", { date: formatDateTime(deletion.due_at, locale) })}
          </p>
          {deletion.requested_by !== "learner" && (
            <p>
              {t(deletion.requested_by === "parent" ? "profile.data.byParent" : "profile.data.byConsent")}
            </p>
          )}
          {deletion.can_cancel ? (
            <Button
              className="w-fit"
              variant="outline"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => heading.current?.focus() })}
            >
              {t("profile.data.cancelDeletion")}
            </Button>
          ) : (
            <p>{t("profile.data.onlyParentCancels")}</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("profile.data.deleteBody", { days: data.grace_days })}</p>
      )}
      {/* Stays mounted once the deletion is scheduled, so that its dialog closes (focus then goes
          to the heading: the button that opened it is gone). */}
      <DeleteAccountDialog graceDays={data.grace_days} returnFocus={heading} canOpen={!deletion} />
    </div>
  );
}
