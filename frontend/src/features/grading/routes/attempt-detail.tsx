/** /assignment/result/:attemptId (educators) — one attempt: score, pass or fail, release, each
 * answer against the key with its score and comment, the timestamped integrity log, the
 * surroundings video, and "Reinstate" for a voided result (a required reason, recorded). */
import { ArrowLeft, RotateCcw, Send } from "lucide-react";
import { useId, useState } from "react";
import { Link, useParams } from "react-router-dom";

import { inLanguage, MathHtml } from "@/components/math-html";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAttempt } from "../api/get-attempt";
import { useReinstateAttempt } from "../api/reinstate-attempt";
import { useReleaseAttempt } from "../api/release-attempt";
import type { AttemptDetail } from "../api/types";
import { AnswerAgainstKey } from "../components/answer-view";
import {
  EVENT_LABEL,
  formatScore,
  SUBMIT_REASON_LABEL,
  SWITCH_EVENTS,
  TYPE_LABEL,
} from "../components/labels";
import { ResultBadge, VoidedBadge } from "../components/result-badge";

export default function AttemptDetailRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { attemptId } = useParams();
  const attempt = useAttempt(Number(attemptId));
  const release = useReleaseAttempt();
  const [reinstating, setReinstating] = useState(false);

  const back = (
    <Link
      to="/assignment/result/index"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("grading.detail.back")}
    </Link>
  );
  if (attempt.isPending) {
    return (
      <div className="grid gap-4">
        {back}
        <p role="status" className="text-slate-500">
          {t("common.loading")}
        </p>
      </div>
    );
  }
  if (attempt.isError) {
    const missing = attempt.error instanceof ApiError && attempt.error.status === 404;
    return (
      <div className="grid gap-4">
        {back}
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t(missing ? "grading.detail.notFound" : "grading.loadFailed")}
        </p>
      </div>
    );
  }
  const a = attempt.data;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");
  const canRelease = a.status === "submitted" && a.result !== "pending" && !a.released_at;

  return (
    <div className="grid gap-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-slate-600">{a.preset_name}</p>
          <h1 className="text-2xl font-semibold">{a.learner_name}</h1>
          <p className="text-sm text-slate-500">{a.learner_email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {a.voided && (
            <Button variant="secondary" onClick={() => setReinstating(true)}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> {t("grading.detail.reinstate")}
            </Button>
          )}
          {canRelease && (
            <Button
              disabled={release.isPending}
              onClick={() =>
                release.mutate(a.id, {
                  onSuccess: (data) =>
                    toast({
                      variant: "success",
                      title: t("grading.results.releasedN", { count: data.released }),
                    }),
                })
              }
            >
              <Send className="h-4 w-4" aria-hidden="true" /> {t("grading.results.release")}
            </Button>
          )}
        </div>
      </header>

      <section
        aria-label={t("grading.detail.summary")}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Figure label={t("grading.score")}>
          <span className="text-2xl font-semibold">
            {formatScore(a.score, locale)}
            <span className="text-base font-normal text-slate-500">/{formatScore(a.max_score, locale)}</span>
          </span>
        </Figure>
        <Figure label={t("grading.result")}>
          <span className="flex flex-wrap gap-1">
            <ResultBadge result={a.result} />
            {a.voided && <VoidedBadge />}
          </span>
        </Figure>
        <Figure label={t("grading.released")}>
          {a.released_at ? (
            <span className="text-emerald-700">{date(a.released_at)}</span>
          ) : (
            <span className="text-slate-500">{t("grading.notReleased")}</span>
          )}
        </Figure>
        <Figure label={t("grading.tabSwitches")}>
          <span className={cn(a.tab_switches > 0 && "font-semibold text-amber-700")}>{a.tab_switches}</span>
        </Figure>
        <Figure label={t("grading.startedAt")}>{date(a.started_at)}</Figure>
        <Figure label={t("grading.submittedAt")}>
          {a.submitted_at ? date(a.submitted_at) : t("grading.inProgress")}
          {a.submit_reason && SUBMIT_REASON_LABEL[a.submit_reason] && (
            <span className="block text-xs text-slate-500">{t(SUBMIT_REASON_LABEL[a.submit_reason]!)}</span>
          )}
        </Figure>
        <Figure label={t("grading.deadline")}>{date(a.deadline_at)}</Figure>
        <Figure label={t("grading.detail.camera")}>
          {a.camera_mode === "camera" ? t("grading.detail.cameraOn") : t("grading.detail.cameraOff")}
        </Figure>
      </section>

      {a.reinstated_reason && (
        <p className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
          {t("grading.detail.reinstatedBy", {
            name: a.reinstated_by_name || "—",
            reason: a.reinstated_reason,
          })}
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <IntegrityLog attempt={a} />
        <section aria-labelledby="video-title" className="grid content-start gap-3">
          <h2 id="video-title" className="text-lg font-semibold">
            {t("grading.detail.video")}
          </h2>
          {a.video_url ? (
            <video
              controls
              preload="metadata"
              src={a.video_url}
              className="w-full rounded-2xl border border-slate-200 bg-black"
              aria-label={t("grading.detail.video")}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
              {t("grading.detail.noVideo")}
            </p>
          )}
        </section>
      </div>

      <Answers attempt={a} />

      <ReinstateDialog attemptId={a.id} open={reinstating} onClose={() => setReinstating(false)} />
    </div>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
      <span className="text-sm text-slate-900">{children}</span>
    </div>
  );
}

function IntegrityLog({ attempt }: { attempt: AttemptDetail }) {
  const t = useT();
  const { locale } = useLanguage();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));
  return (
    <section aria-labelledby="log-title" className="grid content-start gap-3">
      <h2 id="log-title" className="text-lg font-semibold">
        {t("grading.detail.log")}
      </h2>
      {attempt.events.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
          {t("grading.detail.noEvents")}
        </p>
      ) : (
        <ol className="grid gap-0 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {attempt.events.map((event, index) => (
            <li key={`${event.occurred_at}-${index}`} className="grid gap-0.5 px-4 py-2.5 text-sm">
              <span className="flex flex-wrap items-baseline justify-between gap-2">
                <span
                  className={cn(
                    "font-medium",
                    event.kind === "voided" && "text-red-700",
                    event.kind === "reinstated" && "text-sky-800",
                    SWITCH_EVENTS.has(event.kind) && "text-amber-800",
                  )}
                >
                  {EVENT_LABEL[event.kind] ? t(EVENT_LABEL[event.kind]!) : event.kind}
                  {SWITCH_EVENTS.has(event.kind) && (
                    <span className="ml-2 text-xs font-normal text-slate-500">
                      {t("grading.detail.switchN", { count: event.count_after })}
                    </span>
                  )}
                </span>
                <time dateTime={event.occurred_at} className="tabular-nums text-xs text-slate-500">
                  {time(event.occurred_at)}
                </time>
              </span>
              {event.note && <span className="text-xs text-slate-600">{event.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Answers({ attempt }: { attempt: AttemptDetail }) {
  const t = useT();
  const { language, locale } = useLanguage();
  return (
    <section aria-labelledby="answers-title" className="grid gap-3">
      <h2 id="answers-title" className="text-lg font-semibold">
        {t("grading.detail.answers")}
      </h2>
      {attempt.answers.length === 0 && (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
          {t("grading.detail.noAnswers")}
        </p>
      )}
      <ol className="grid gap-3">
        {attempt.answers.map((item, index) => {
          const waiting = item.needs_grading && item.score === null;
          return (
            <li
              key={item.question_id}
              className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="text-sm font-semibold text-slate-500">
                  {t("grading.detail.questionN", { n: index + 1 })} ·{" "}
                  {TYPE_LABEL[item.type] ? t(TYPE_LABEL[item.type]!) : item.type}
                </span>
                <span
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-sm font-medium",
                    waiting
                      ? "bg-amber-100 text-amber-900"
                      : item.score !== null && item.score >= item.points
                        ? "bg-emerald-100 text-emerald-800"
                        : "bg-slate-100 text-slate-800",
                  )}
                >
                  {waiting
                    ? t("grading.detail.awaiting")
                    : `${formatScore(item.score ?? 0, locale)}/${formatScore(item.points, locale)}`}
                </span>
              </div>
              <MathHtml html={inLanguage(item.stem, language)} className="text-slate-900" />
              <AnswerAgainstKey item={item} />
              {item.comment && (
                <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
                  <span className="font-medium">{t("grading.edit.comment")}: </span>
                  <span className="whitespace-pre-wrap">{item.comment}</span>
                </p>
              )}
              {item.needs_grading && item.answer_id && attempt.status === "submitted" && (
                <Link
                  to={`/assignment/grading/edit?answer=${item.answer_id}&preset=${attempt.preset_id}`}
                  className="w-fit text-sm font-medium text-blue-700 hover:underline"
                >
                  {waiting ? t("grading.list.grade") : t("grading.detail.regrade")}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function ReinstateDialog({
  attemptId,
  open,
  onClose,
}: {
  attemptId: number;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const reinstate = useReinstateAttempt();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [formError, setFormError] = useState("");
  const close = () => {
    setReason("");
    setError("");
    setFormError("");
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={t("grading.detail.reinstateTitle")}
      description={t("grading.detail.reinstateText")}
      closeLabel={t("common.close")}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setFormError("");
          if (!reason.trim()) {
            setError(t("grading.detail.reasonRequired"));
            return;
          }
          reinstate.mutate(
            { id: attemptId, reason: reason.trim() },
            {
              onSuccess: () => {
                toast({ variant: "success", title: t("grading.detail.reinstated") });
                close();
              },
              onError: (e) => {
                if (e instanceof ApiError && e.errors.reason?.length) setError(e.errors.reason.join(" "));
                else setFormError(e.message || t("common.unknownError"));
              },
            },
          );
        }}
      >
        <Field label={t("grading.detail.reason")} htmlFor={`${id}-reason`} error={error}>
          <textarea
            id={`${id}-reason`}
            rows={4}
            maxLength={2000}
            value={reason}
            aria-invalid={!!error}
            required
            onChange={(e) => {
              setReason(e.target.value);
              setError("");
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500"
          />
        </Field>
        {formError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={reinstate.isPending}>
            {reinstate.isPending ? t("common.working") : t("grading.detail.reinstate")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
