/** /take-test/preparation/:test_user_assignment_id — before a test (issue 7, item 2; spec §4
 * "preparation"): the rules and the tab-switch warning (on English pages with its Vietnamese
 * original; spec §9: the rule is stated in Vietnamese), the device check,
 * the consent to camera proctoring and then the 30-second surroundings video when the test is
 * camera-proctored (or starting without a camera when the test allows it; issue 24, item 2), and
 * Start once the batch window is open by the server's clock. */
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { preparationQuery, usePreparation } from "../api/get-preparation";
import { usePayAssignment } from "../api/pay-assignment";
import { useStartAttempt } from "../api/start-attempt";
import type { Preparation } from "../api/types";
import { BackToList } from "../components/back-to-list";
import { CameraConsent } from "../components/camera-consent";
import { DeviceCheck } from "../components/device-check";
import { useMediaStream } from "../components/use-media-stream";
import { VideoStep } from "../components/video-step";
import { paths } from "../lib/paths";

/** Where now stands against the learner's window is the server's (`window_state`, accommodations
 * included; platform/assignments/window.py). This only asks it again when the window it sent
 * opens or closes, so the page follows without computing the rule itself. */
function useRefetchAtWindowEdge(prep: Preparation | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!prep) return;
    const edge =
      prep.window_state === "upcoming"
        ? prep.window_starts_at
        : prep.window_state === "open"
          ? prep.window_expires_at
          : null;
    if (!edge) return;
    const wait = new Date(edge).getTime() - new Date(prep.server_now).getTime();
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [prep, refetch]);
}

export default function PreparationRoute() {
  const t = useT();
  const { locale, language } = useLanguage();
  const id = Number(useParams().test_user_assignment_id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prep = usePreparation(id);
  useRefetchAtWindowEdge(prep.data, prep.refetch);
  const media = useMediaStream();
  const start = useStartAttempt(id);
  const pay = usePayAssignment(id);
  // One idempotency key per visit: a double click or a retry charges once.
  const [payKey] = useState(() => `prep-${id}-${Date.now().toString(36)}`);
  const [noCamera, setNoCamera] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);

  const back = <BackToList />;
  if (prep.isPending)
    return (
      <div className="mx-auto grid max-w-5xl gap-4">
        {back}
        <p role="status">{t("common.loading")}</p>
      </div>
    );
  if (prep.isError) {
    const missing = prep.error instanceof ApiError && prep.error.status === 404;
    return (
      <div className="mx-auto grid max-w-5xl gap-4">
        {back}
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <p>{t(missing ? "myTests.notFound" : "takeTest.prep.loadFailed")}</p>
          {!missing && (
            <Button variant="outline" onClick={() => void prep.refetch()}>
              {t("takeTest.retry")}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const p = prep.data;
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, locale) : "");
  const state = p.window_state;
  // The server's time limit for this learner: an accommodation's extra time included.
  const limit = Math.round(p.time_limit_minutes);
  const inProgress = p.attempt_status === "in_progress";
  const used = !inProgress && p.attempts_used >= p.attempts_allowed;
  const needsVideo = p.camera_proctoring && !(p.allow_no_camera && noCamera);
  // The server refuses the video and a camera start without the consent (issue 24, item 2).
  const consentMissing = needsVideo && !p.camera_consented_at;
  const videoMissing = needsVideo && (!p.video_uploaded || consentMissing);
  const startable =
    inProgress || (state === "open" && !used && !p.requires_payment && !videoMissing && acknowledged);
  const startError =
    start.error instanceof ApiError ? start.error.message : start.error ? t("common.unknownError") : "";

  const begin = () =>
    start.mutate(p.camera_proctoring && p.allow_no_camera && noCamera, {
      onSuccess: () => {
        media.stop();
        navigate(paths.test(id));
      },
    });

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      {back}
      <header className="grid gap-1">
        <p className="text-sm text-slate-600">{p.organization}</p>
        <h1 className="text-2xl font-semibold">{p.test_name}</h1>
        <p className="text-sm text-slate-600">
          {t("takeTest.prep.summary", {
            minutes: limit,
            questions: p.question_count,
            allowed: p.attempts_allowed,
          })}
        </p>
      </header>

      <section
        aria-labelledby="rules-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="rules-heading" className="text-lg font-semibold">
          {t("takeTest.rules.title")}
        </h2>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          <li>{t("takeTest.rules.time", { minutes: limit })}</li>
          {limit > (p.duration_minutes ?? 0) && (
            <li>{t("takeTest.rules.extraTime", { minutes: limit, base: p.duration_minutes ?? 0 })}</li>
          )}
          <li>{t("takeTest.rules.once")}</li>
          <li>{t("takeTest.rules.saving")}</li>
          <li>{t("takeTest.rules.copy")}</li>
          <li>{t("takeTest.rules.oneDevice")}</li>
          {p.camera_proctoring && <li>{t("takeTest.rules.camera", { seconds: p.video_seconds })}</li>}
        </ul>
        <div
          role="note"
          aria-labelledby="switch-warning"
          className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p id="switch-warning" className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" /> {t("takeTest.rules.switchTitle")}
          </p>
          <p>
            {t("takeTest.rules.switch", {
              allowed: p.tab_switches_allowed,
              voidAt: p.tab_switches_allowed + 1,
            })}
          </p>
          {/* The rule's Vietnamese original under the English one; a Vietnamese page states it
              once, in Vietnamese (no English sentence on Vietnamese pages, issue 38). */}
          {language === "en" && (
            <p lang="vi" className="border-t border-amber-200 pt-2 text-amber-900">
              {t("takeTest.rules.switchOther", {
                allowed: p.tab_switches_allowed,
                voidAt: p.tab_switches_allowed + 1,
              })}
            </p>
          )}
        </div>
      </section>

      <DeviceCheck media={media} onCheck={() => void media.check()} />

      {p.camera_proctoring && p.allow_no_camera && (
        <label className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={noCamera}
            onChange={(e) => setNoCamera(e.target.checked)}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{t("takeTest.prep.noCamera")}</span>
            <span className="text-slate-600">{t("takeTest.prep.noCameraHint")}</span>
          </span>
        </label>
      )}

      {needsVideo && <CameraConsent enrollmentId={id} prep={p} />}

      {needsVideo && (
        <VideoStep
          enrollmentId={id}
          prep={p}
          stream={media.stream}
          locked={consentMissing}
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: preparationQuery(id).queryKey })}
        />
      )}

      <section
        aria-labelledby="start-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="start-heading" className="text-lg font-semibold">
          {t(inProgress ? "takeTest.prep.continueTitle" : "takeTest.prep.startTitle")}
        </h2>
        <p className="text-sm" role="status">
          {state === "upcoming" && t("takeTest.prep.opensAt", { when: when(p.window_starts_at) })}
          {state === "closed" && t("takeTest.prep.closed", { when: when(p.window_expires_at) })}
          {state === "open" &&
            (p.window_expires_at
              ? t("takeTest.prep.openUntil", { when: when(p.window_expires_at) })
              : t("takeTest.prep.open"))}
        </p>
        {used && (
          <p className="text-sm">
            {t("takeTest.prep.alreadyTaken")}{" "}
            <Link to={paths.result(id)} className="font-medium text-blue-700 hover:underline">
              {t("myTests.action.result")}
            </Link>
          </p>
        )}
        {p.requires_payment && (
          <div className="grid gap-2" role="group" aria-label={t("takeTest.prep.payment")}>
            <p className="text-sm text-amber-900">{t("takeTest.prep.payment")}</p>
            <div>
              <Button type="button" disabled={pay.isPending} onClick={() => pay.mutate(payKey)}>
                {pay.isPending
                  ? t("takeTest.prep.paying")
                  : t("takeTest.prep.pay", { amount: formatVnd(p.purchase_cost, locale) })}
              </Button>
            </div>
            {pay.error && (
              <p role="alert" className="text-sm text-red-700">
                {pay.error instanceof ApiError ? pay.error.message : t("common.unknownError")}
              </p>
            )}
          </div>
        )}
        {pay.data && !p.requires_payment && (
          <p role="status" className="text-sm text-emerald-800">
            {t("takeTest.prep.paid", { paymentId: pay.data.payment_id })}
          </p>
        )}
        {!inProgress && !used && (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.target.checked)}
            />
            <span>{t("takeTest.prep.acknowledge")}</span>
          </label>
        )}
        {videoMissing && state === "open" && !used && (
          <p className="text-sm text-slate-600">{t("takeTest.prep.videoFirst")}</p>
        )}
        {startError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {startError}
          </p>
        )}
        {!used && (
          <Button size="lg" className="w-fit" disabled={!startable || start.isPending} onClick={begin}>
            <Play className="h-4 w-4" aria-hidden="true" />
            {t(inProgress ? "takeTest.prep.continue" : "takeTest.prep.start")}
          </Button>
        )}
      </section>
    </div>
  );
}
