/** The profile page's "your personal data" section (issue 24, item 5): a copy of the user's data
 * (request, progress, download, expiry, failure) and the deletion of the account (asked with the
 * password, scheduled after the grace period, cancellable). The server decides every rule and
 * sends the dates; this only shows them. */
import { useRef } from "react";

import { DataCopyPart } from "@/components/data-copy/data-copy-part";
import { QueryState } from "@/components/list/query-rows";
import type { DataDeletion, DataRequests } from "@/components/data-copy/types";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { downloadFile } from "@/lib/download";
import { formatDate, formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useCancelDeletion } from "../api/cancel-deletion";
import { useDataRequests } from "../api/get-data-requests";
import { useRequestExport } from "../api/request-export";
import { CorrectionPart } from "./correction-part";
import { DeleteAccountDialog } from "./delete-account-dialog";

export function PersonalDataSection() {
  const t = useT();
  const query = useDataRequests();
  return (
    <SectionCard className="gap-6" title={t("profile.data.title")} intro={t("profile.data.intro")}>
      <QueryState query={query} failed={t("profile.data.loadFailed")}>
        {(data) => (
          <>
            <ExportPart data={data} />
            <CorrectionPart data={data} />
            <DeletionPart data={data} />
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}

function ExportPart({ data }: { data: DataRequests }) {
  const t = useT();
  const requestExport = useRequestExport();
  return (
    <DataCopyPart
      copy={data.export}
      title={t("profile.data.exportTitle")}
      body={t("profile.data.exportBody", { days: data.export_keep_days })}
      requesting={requestExport.isPending}
      onRequest={() => requestExport.mutate()}
      fetchCopy={(copy) => downloadFile(copy.download_url ?? "", "my-data.zip")}
    />
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
          <p>{t("dataCopy.deletionAnswerBy", { date: formatDate(deletion.answer_due_on, locale) })}</p>
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
