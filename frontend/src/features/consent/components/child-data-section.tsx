/** The parent's link, "your child's data" (issue 24, item 5; decision 0022): a copy of the
 * child's data (the same zip the child gets) and the deletion of the child's account, which the
 * parent asks for after a confirmation and can cancel within the grace period (the child cannot).
 * The link's token is the parent's credential; the server decides every state and date. */
import { useRef, useState } from "react";

import { DataCopyPart } from "@/components/data-copy/data-copy-part";
import { QueryState } from "@/components/list/query-rows";
import type { DataDeletion, DataRequests } from "@/components/data-copy/types";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SectionCard } from "@/components/ui/section-card";
import { ApiError } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { type MessageId, useLanguage, useT } from "@/lib/intl";

import {
  downloadChildCopy,
  useParentCancelDeletion,
  useParentData,
  useParentDeletion,
  useParentExport,
} from "../api/parent-data";

/** Who asked for the scheduled deletion, as the parent reads it. */
const ASKED_BY: Record<string, MessageId> = {
  learner: "parentData.byLearner",
  parent: "parentData.byParent",
  consent_withdrawn: "parentData.byConsent",
  admin: "parentData.byAdmin",
};

export function ChildDataSection({ token, name }: { token: string; name: string }) {
  const t = useT();
  const query = useParentData(token);
  return (
    <SectionCard
      className="gap-6"
      title={t("parentData.title", { name })}
      intro={t("parentData.intro", { name })}
    >
      <QueryState query={query} failed={t("parentData.loadFailed")}>
        {(data) => (
          <>
            <CopyPart token={token} name={name} data={data} />
            <DeletionPart token={token} name={name} data={data} />
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}

function CopyPart({ token, name, data }: { token: string; name: string; data: DataRequests }) {
  const t = useT();
  const ask = useParentExport(token);
  return (
    <div className="grid gap-2">
      <DataCopyPart
        copy={data.export}
        title={t("parentData.exportTitle", { name })}
        body={t("parentData.exportBody", { name, days: data.export_keep_days })}
        requesting={ask.isPending}
        onRequest={() => ask.mutate()}
        fetchCopy={(copy) => downloadChildCopy(token, copy)}
      />
      {ask.error && <Failure error={ask.error} />}
    </div>
  );
}

function DeletionPart({ token, name, data }: { token: string; name: string; data: DataRequests }) {
  const t = useT();
  const { locale } = useLanguage();
  const schedule = useParentDeletion(token);
  const cancel = useParentCancelDeletion(token);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const deletion: DataDeletion | null = data.deletion;
  const failure = schedule.error instanceof ApiError ? schedule.error.message : "";
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-5">
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        {t("parentData.deleteTitle", { name })}
      </h3>
      {deletion ? (
        <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p role="status">
            {t("parentData.deletionScheduled", { name, date: formatDateTime(deletion.due_at, locale) })}
          </p>
          <p>{t("dataCopy.deletionAnswerBy", { date: formatDate(deletion.answer_due_on, locale) })}</p>
          {ASKED_BY[deletion.requested_by] && <p>{t(ASKED_BY[deletion.requested_by]!, { name })}</p>}
          {deletion.can_cancel && (
            <Button
              className="w-fit"
              variant="outline"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => heading.current?.focus() })}
            >
              {t("parentData.cancelDeletion")}
            </Button>
          )}
          {cancel.error && <Failure error={cancel.error} />}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t("parentData.deleteBody", { name, days: data.grace_days })}
          </p>
          <Button className="w-fit" variant="destructive" onClick={() => setConfirming(true)}>
            {t("parentData.deleteOpen", { name })}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onCancel={() => {
          setConfirming(false);
          schedule.reset();
        }}
        onConfirm={() => schedule.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        busy={schedule.isPending}
        error={failure || (schedule.error ? t("common.unknownError") : "")}
        title={t("parentData.deleteDialogTitle", { name })}
        description={t("parentData.deleteDialogBody", { name, days: data.grace_days })}
        confirmLabel={t("parentData.deleteConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        returnFocus={heading}
      />
    </div>
  );
}

function Failure({ error }: { error: Error }) {
  const t = useT();
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {error instanceof ApiError && error.status !== 0 ? error.message : t("common.unknownError")}
    </p>
  );
}
