/** The consent to camera proctoring of one test, at preparation (issue 24, item 2; decision
 * 0023): what is recorded, who sees it and how long the organization keeps it (the server's
 * `video_keep_days`), then a checkbox that records the consent on the server (time and address).
 * The surroundings video is refused until then; a consent once given stays (the learner may
 * still choose the no-camera mode where the test allows it, or not start). */
import { CheckCircle2, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";

import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useGiveCameraConsent } from "../api/give-camera-consent";
import type { Preparation } from "../api/types";

export function CameraConsent({ enrollmentId, prep }: { enrollmentId: number; prep: Preparation }) {
  const t = useT();
  const { locale } = useLanguage();
  const give = useGiveCameraConsent(enrollmentId);
  const statusId = useId();
  // Ticked at once (the mutation's pending state arrives a tick later, and a controlled box
  // would spring back in between); untick only if the server refuses.
  const [ticked, setTicked] = useState(false);
  const given = prep.camera_consented_at;
  return (
    <section
      aria-labelledby="consent-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="consent-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="h-5 w-5 text-blue-700" aria-hidden="true" />
        {t("takeTest.consent.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("takeTest.consent.intro")}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="grid content-start gap-1 rounded-xl bg-slate-50 p-3">
          <dt className="font-semibold">{t("takeTest.consent.whatTitle")}</dt>
          <dd className="text-slate-700">{t("takeTest.consent.what", { seconds: prep.video_seconds })}</dd>
        </div>
        <div className="grid content-start gap-1 rounded-xl bg-slate-50 p-3">
          <dt className="font-semibold">{t("takeTest.consent.whoTitle")}</dt>
          <dd className="text-slate-700">{t("takeTest.consent.who", { organization: prep.organization })}</dd>
        </div>
        <div className="grid content-start gap-1 rounded-xl bg-slate-50 p-3">
          <dt className="font-semibold">{t("takeTest.consent.keptTitle")}</dt>
          <dd className="text-slate-700">{t("takeTest.consent.kept", { days: prep.video_keep_days })}</dd>
        </div>
      </dl>
      <label className="flex items-start gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={Boolean(given) || ticked}
          disabled={Boolean(given) || give.isPending}
          aria-describedby={statusId}
          onChange={(e) => {
            if (!e.target.checked) return;
            setTicked(true);
            give.mutate(undefined, { onError: () => setTicked(false) });
          }}
        />
        <span>{t("takeTest.consent.agree")}</span>
      </label>
      <div id={statusId} role="status" className="text-sm">
        {given ? (
          <p className="flex items-center gap-2 text-emerald-800">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            {t("takeTest.consent.given", { when: formatDateTime(given, locale) })}
          </p>
        ) : give.isPending ? (
          <p>{t("takeTest.consent.saving")}</p>
        ) : prep.allow_no_camera ? (
          <p className="text-slate-600">{t("takeTest.consent.orNoCamera")}</p>
        ) : null}
      </div>
      {give.error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {give.error instanceof ApiError && give.error.status !== 0
            ? give.error.message
            : t("common.unknownError")}
        </p>
      )}
    </section>
  );
}
