/** /assignment/result/:attemptId (educators) — one attempt: score, pass or fail, release, each
 * answer against the key with its score and comment, the timestamped integrity log, the
 * surroundings video (fetched only when played: each play is in the access log; once deleted,
 * when and why, issue 24), and "Reinstate" for a voided result (a required reason, recorded). */
import { ArrowLeft, RotateCcw, Send, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { QueryState } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { PartScores } from "@/components/part-scores";
import { scoreCell } from "@/lib/score";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAttempt } from "../api/get-attempt";
import { useReleaseAttempt } from "../api/release-attempt";
import type { AttemptDetail } from "../api/types";
import { Answers, IntegrityLog } from "../components/attempt-parts";
import { SUBMIT_REASON_LABEL, VIDEO_DELETED } from "../components/labels";
import { ReinstateDialog } from "../components/reinstate-dialog";
import { ConsentWithdrawnBadge, ResultBadge, VoidedBadge } from "../components/result-badge";

export default function AttemptDetailRoute() {
  const t = useT();
  const { attemptId } = useParams();
  const attempt = useAttempt(Number(attemptId));
  const missing = attempt.error instanceof ApiError && attempt.error.status === 404;
  return (
    <div className="grid gap-6">
      <Link
        to="/assignment/result/index"
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("grading.detail.back")}
      </Link>
      <QueryState query={attempt} failed={t(missing ? "grading.detail.notFound" : "grading.loadFailed")}>
        {(a) => <Attempt a={a} />}
      </QueryState>
    </div>
  );
}

function Attempt({ a }: { a: AttemptDetail }) {
  const t = useT();
  const { locale } = useLanguage();
  const release = useReleaseAttempt();
  const [reinstating, setReinstating] = useState(false);
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");
  const canRelease = a.status === "submitted" && a.result !== "pending" && !a.released_at;

  return (
    <>
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
          <span className="text-2xl font-semibold tabular-nums">{scoreCell(a, locale)}</span>
        </Figure>
        <Figure label={t("grading.result")}>
          <span className="flex flex-wrap gap-1">
            <ResultBadge result={a.result} />
            {a.voided && <VoidedBadge />}
            <ConsentWithdrawnBadge reason={a.submit_reason} />
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

      <PartScores parts={a.parts} heading="h2" id="attempt-parts-heading" />
      {a.submit_reason === "consent_withdrawn" && (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        >
          {t("grading.detail.consentWithdrawn")}
        </p>
      )}

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
            <>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the 30-second video of the learner's surroundings has no speech to caption */}
              <video
                controls
                preload="none"
                src={a.video_url}
                className="w-full rounded-2xl border border-slate-200 bg-black"
                aria-label={t("grading.detail.video")}
              />
              <p className="text-xs text-slate-500">{t("grading.detail.videoLogged")}</p>
            </>
          ) : a.video_deleted_at ? (
            <div className="flex gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 text-sm text-slate-800">
              <Trash2 className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <p className="grid gap-1">
                <span className="font-medium">{t(VIDEO_DELETED[a.video_deleted_reason ?? "unknown"])}</span>
                <span className="text-slate-600">
                  {t("grading.detail.videoDeletedOn", { date: date(a.video_deleted_at) })}
                </span>
              </p>
            </div>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
              {t("grading.detail.noVideo")}
            </p>
          )}
        </section>
      </div>

      <Answers attempt={a} />

      <ReinstateDialog attemptId={a.id} open={reinstating} onClose={() => setReinstating(false)} />
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
      <span className="text-sm text-slate-900">{children}</span>
    </div>
  );
}
