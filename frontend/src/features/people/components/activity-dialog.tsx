/** A learner's activity in the organization (issue 9, item 2): their assignments with the latest
 * attempt's score, result and whether it is released, and their survey submissions with the
 * Holland code once completed. Read-only; every educator of the organization may open it. */
import { ClipboardList, Compass } from "lucide-react";
import type { ReactNode } from "react";

import { Badge, type Tone } from "@/components/ui/badge";
import { Dialog } from "@/components/ui/dialog";
import { formatDate } from "@/lib/format";
import { shownScore } from "@/lib/score";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useMemberActivity } from "../api/get-member-activity";
import type { ActivityAssignment, ActivitySurvey, Member } from "../api/types";

const ASSIGNMENT_STATUS: Record<string, { label: MessageId; tone: Tone }> = {
  assigned: { label: "people.activity.assignment.assigned", tone: "slate" },
  in_progress: { label: "people.activity.assignment.in_progress", tone: "amber" },
  submitted: { label: "people.activity.assignment.submitted", tone: "blue" },
  graded: { label: "people.activity.assignment.graded", tone: "green" },
  revoked: { label: "people.activity.assignment.revoked", tone: "red" },
};

const RESULT: Record<string, { label: MessageId; tone: Tone }> = {
  pending: { label: "people.activity.result.pending", tone: "amber" },
  passed: { label: "people.activity.result.passed", tone: "green" },
  failed: { label: "people.activity.result.failed", tone: "red" },
};

const SURVEY_STATUS: Record<string, { label: MessageId; tone: Tone }> = {
  pending: { label: "people.activity.survey.pending", tone: "slate" },
  not_started: { label: "people.activity.survey.not_started", tone: "slate" },
  in_progress: { label: "people.activity.survey.in_progress", tone: "amber" },
  completed: { label: "people.activity.survey.completed", tone: "green" },
  expired: { label: "people.activity.survey.expired", tone: "red" },
  ended: { label: "people.activity.survey.ended", tone: "slate" },
  cancelled: { label: "people.activity.survey.cancelled", tone: "slate" },
};

function StatusBadge({
  map,
  value,
}: {
  map: Record<string, { label: MessageId; tone: Tone }>;
  value: string;
}) {
  const t = useT();
  const known = map[value];
  return <Badge tone={known?.tone ?? "slate"}>{known ? t(known.label) : value}</Badge>;
}

export function ActivityDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const activity = useMemberActivity(member?.id ?? null, language);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("people.activity.title", { name: member?.name ?? "" })}
      description={member?.email}
      closeLabel={t("common.close")}
      size="lg"
    >
      {activity.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : activity.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("people.loadFailed")}
        </p>
      ) : (
        <div className="grid gap-6">
          {activity.data.cccd && (
            // masked by the server (issue 24, item 6): only its owner sees the whole number
            <p className="text-sm text-slate-700">
              {t("people.activity.cccd", { cccd: activity.data.cccd })}
            </p>
          )}
          <Section
            id="activity-tests"
            icon={<ClipboardList className="h-4 w-4" />}
            title={t("people.activity.tests", { count: activity.data.assignments.length })}
            empty={activity.data.assignments.length === 0 ? t("people.activity.noTests") : null}
          >
            {activity.data.assignments.map((assignment) => (
              <AssignmentItem key={assignment.id} assignment={assignment} />
            ))}
          </Section>
          <Section
            id="activity-surveys"
            icon={<Compass className="h-4 w-4" />}
            title={t("people.activity.surveys", { count: activity.data.surveys.length })}
            empty={activity.data.surveys.length === 0 ? t("people.activity.noSurveys") : null}
          >
            {activity.data.surveys.map((survey) => (
              <SurveyItem key={survey.id} survey={survey} />
            ))}
          </Section>
        </div>
      )}
    </Dialog>
  );
}

function Section({
  id,
  icon,
  title,
  empty,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="text-blue-700">
          {icon}
        </span>
        {title}
      </h3>
      {empty ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className="grid gap-2">{children}</ul>
      )}
    </section>
  );
}

function AssignmentItem({ assignment }: { assignment: ActivityAssignment }) {
  const t = useT();
  const { locale } = useLanguage();
  const attempt = assignment.attempt;
  const batch = assignment.batch;
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
            {assignment.preset_name}
          </span>
          <span className="text-xs text-slate-600">
            {!batch
              ? t("people.activity.noBatch")
              : batch.name
                ? t("people.activity.batch", { name: batch.name, date: formatDate(batch.starts_at, locale) })
                : t("people.activity.batchOn", { date: formatDate(batch.starts_at, locale) })}
          </span>
        </div>
        <StatusBadge map={ASSIGNMENT_STATUS} value={assignment.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt>{t("people.activity.attempts")}</dt>
        <dd>
          {t("people.activity.attemptsUsed", {
            used: assignment.attempts_used,
            allowed: assignment.attempts_allowed,
          })}
        </dd>
        <dt>{t("people.activity.score")}</dt>
        <dd className="font-medium text-slate-900">{attempt ? (shownScore(attempt, locale) ?? "—") : "—"}</dd>
        <dt>{t("people.activity.result")}</dt>
        <dd className="flex flex-wrap gap-1">
          {attempt && attempt.status === "submitted" ? (
            <>
              <StatusBadge map={RESULT} value={attempt.result} />
              {attempt.voided && <Badge tone="red">{t("people.activity.voided")}</Badge>}
            </>
          ) : (
            "—"
          )}
        </dd>
        <dt>{t("people.activity.release")}</dt>
        <dd>
          {attempt && attempt.status === "submitted"
            ? t(attempt.released ? "people.activity.released" : "people.activity.notReleased")
            : "—"}
        </dd>
      </dl>
    </li>
  );
}

function SurveyItem({ survey }: { survey: ActivitySurvey }) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{survey.survey_name}</span>
          <span className="text-xs text-slate-600">
            {survey.completed_at
              ? t("people.activity.completedOn", { date: formatDate(survey.completed_at, locale) })
              : survey.started_at
                ? t("people.activity.startedOn", { date: formatDate(survey.started_at, locale) })
                : t("people.activity.notStartedYet")}
          </span>
        </div>
        <StatusBadge map={SURVEY_STATUS} value={survey.status} />
      </div>
      {survey.holland_code && (
        <dl className="flex items-baseline gap-3 text-xs text-slate-600">
          <dt>{t("people.activity.hollandCode")}</dt>
          <dd className="font-mono text-base font-semibold tracking-widest text-blue-800">
            {survey.holland_code}
          </dd>
        </dl>
      )}
    </li>
  );
}
