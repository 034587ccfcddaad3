/** A roster learner's consent (issue 24, item 1): their own (versions, when), the parent's (by the
 * mailed link or on paper, who recorded it and when), whether they can buy and take tests now and
 * why not; an organization admin records a parent's consent obtained on paper (with where the
 * form is kept), also to a new version of the notices when the parent consented to an earlier
 * one (decision 0048), or its withdrawal. Every educator of the organization may look; the server
 * decides who may change it. */
import { useState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import {
  type MemberConsent,
  type Standing,
  useBirthDateDecision,
  useMemberConsent,
  usePaperConsent,
} from "../api/member-consent";
/** Whose consent the dialog shows: a member row or a row of the consent tab. */
export interface ConsentPerson {
  id: number;
  name: string;
  email: string;
}

/** How a learner stands (decision 0048): consent complete, not re-consented to a new version, or
 * a consent still missing. */
export const STANDING: Record<Standing, { label: MessageId; tone: "green" | "amber" | "red" }> = {
  clear: { label: "people.consent.standing.clear", tone: "green" },
  renewal: { label: "people.consent.standing.renewal", tone: "amber" },
  blocked: { label: "people.consent.standing.blocked", tone: "red" },
};

export const AGE: Record<MemberConsent["age_band"], MessageId> = {
  unknown: "people.consent.ageUnknown",
  under_7: "people.consent.ageUnder7",
  child: "people.consent.ageChild",
  adult: "people.consent.ageAdult",
};

export function ConsentDialog({ member, onClose }: { member: ConsentPerson | null; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const consent = useMemberConsent(member?.id ?? null, language);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("people.consent.title", { name: member?.name ?? "" })}
      description={member?.email}
      closeLabel={t("common.close")}
      size="lg"
    >
      {consent.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : consent.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("people.loadFailed")}
        </p>
      ) : (
        member && <ConsentDetails id={member.id} data={consent.data} />
      )}
    </Dialog>
  );
}

function ConsentDetails({ id, data }: { id: number; data: MemberConsent }) {
  const t = useT();
  const { locale } = useLanguage();
  const paper = usePaperConsent(id);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");

  function change(record: boolean) {
    setFailure("");
    paper.mutate(
      { record, note },
      {
        onSuccess: () => {
          setNote("");
          toast({
            variant: "success",
            title: t(record ? "people.consent.recorded" : "people.consent.withdrawn"),
          });
        },
        onError: (error) => setFailure(error instanceof ApiError ? error.message : t("common.unknownError")),
      },
    );
  }

  const parent = data.parent;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STANDING[data.standing].tone}>{t(STANDING[data.standing].label)}</Badge>
        <span className="text-sm text-slate-600">{t(AGE[data.age_band])}</span>
      </div>
      {data.blocked && <p className="text-sm text-slate-700">{data.blocked.message}</p>}
      <p className="text-xs text-slate-600">
        {t("people.consent.inForce", {
          terms: data.notices.terms?.version ?? "",
          privacy: data.notices.privacy?.version ?? "",
        })}
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-[11rem_1fr]">
        <dt className="font-medium text-slate-700">{t("people.consent.own")}</dt>
        <dd>
          {data.own && data.consented
            ? t("people.consent.ownGiven", {
                terms: data.own.terms_version,
                privacy: data.own.privacy_version,
                date: formatDateTime(data.own.given_at, locale),
              })
            : data.own
              ? t("people.consent.ownOutdated", {
                  terms: data.own.terms_version,
                  privacy: data.own.privacy_version,
                  date: formatDateTime(data.own.given_at, locale),
                })
              : t("people.consent.ownMissing")}
        </dd>
        <dt className="font-medium text-slate-700">{t("people.consent.parent")}</dt>
        <dd>
          {parent
            ? parent.source === "paper"
              ? t("people.consent.parentPaper", {
                  name: parent.recorded_by,
                  date: formatDateTime(parent.given_at, locale),
                })
              : t("people.consent.parentLink", {
                  email: parent.parent_email,
                  date: formatDateTime(parent.given_at, locale),
                })
            : data.parent_withdrawn
              ? t("people.consent.parentWithdrawn")
              : data.request_status === "pending"
                ? t("people.consent.parentPending")
                : t("people.consent.parentNone")}
          {parent && data.parent_outdated && (
            <span className="block text-amber-800">
              {t("people.consent.parentOutdated", {
                terms: parent.terms_version,
                privacy: parent.privacy_version,
              })}
            </span>
          )}
          {parent?.note && <span className="block text-slate-600">{parent.note}</span>}
        </dd>
      </dl>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      {data.birth_date_change && <BirthDateChange id={id} data={data} onFailure={setFailure} />}
      {data.can_record_paper && (
        <div className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm text-slate-700">{t("people.consent.paperHelp")}</p>
          <Field label={t("people.consent.note")} htmlFor="paper-note" hint={t("people.consent.noteHint")}>
            <Input
              id="paper-note"
              value={note}
              maxLength={200}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field>
          <div>
            <Button disabled={paper.isPending} onClick={() => change(true)}>
              {t("people.consent.record")}
            </Button>
          </div>
        </div>
      )}
      {data.can_withdraw_paper && (
        <div>
          <Button variant="outline" disabled={paper.isPending} onClick={() => change(false)}>
            {t("people.consent.withdraw")}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A change of date of birth across 16 the learner asked for, waiting for this organization's
 * admin (issue 37, item 5): the date kept and the date asked for; an admin confirms or refuses. */
function BirthDateChange({
  id,
  data,
  onFailure,
}: {
  id: number;
  data: MemberConsent;
  onFailure: (message: string) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const decide = useBirthDateDecision(id);
  const change = data.birth_date_change;
  if (!change) return null;

  function answer(confirm: boolean) {
    onFailure("");
    decide.mutate(confirm, {
      onSuccess: () =>
        toast({
          variant: "success",
          title: t(confirm ? "people.consent.birthDateConfirmed" : "people.consent.birthDateRefused"),
        }),
      onError: (error) => onFailure(error instanceof ApiError ? error.message : t("common.unknownError")),
    });
  }

  return (
    <div className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-950">{t("people.consent.birthDateTitle")}</p>
      <p className="text-sm text-amber-950">
        {t("people.consent.birthDateBody", {
          previous: change.previous || "—",
          requested: change.requested,
          date: formatDateTime(change.requested_at, locale),
        })}
      </p>
      {data.can_decide_birth_date && (
        <div className="flex flex-wrap gap-2">
          <Button disabled={decide.isPending} onClick={() => answer(true)}>
            {t("people.consent.birthDateConfirm")}
          </Button>
          <Button variant="outline" disabled={decide.isPending} onClick={() => answer(false)}>
            {t("people.consent.birthDateRefuse")}
          </Button>
        </div>
      )}
    </div>
  );
}
