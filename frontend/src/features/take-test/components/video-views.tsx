/** The learner's proctoring video of one test (issue 24, items 3 and 4): who viewed it (names,
 * roles and times, newest first), or that it was deleted and when; nothing when the test was
 * taken without a camera. */
import { Eye } from "lucide-react";

import { formatDateTime } from "@/lib/format";
import { type MessageId, useLanguage, useT } from "@/lib/intl";

import { useVideoViews } from "../api/get-video-views";
import type { VideoViews } from "../api/types";

const ROLE: Record<VideoViews["views"][number]["viewer_role"], MessageId> = {
  educator: "takeTest.videoViews.educator",
  admin: "takeTest.videoViews.admin",
  superadmin: "takeTest.videoViews.superadmin",
};

const DELETED: Record<NonNullable<VideoViews["deleted_reason"]> | "unknown", MessageId> = {
  retention: "takeTest.videoViews.deletedRetention",
  request: "takeTest.videoViews.deletedRequest",
  consent_withdrawn: "takeTest.videoViews.deletedConsent",
  unknown: "takeTest.videoViews.deleted",
};

export function VideoViewsSection({ enrollmentId }: { enrollmentId: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const state = useVideoViews(enrollmentId);
  if (state.isPending || state.isError || state.data.video === "none") return null;
  const data = state.data;
  return (
    <section
      aria-labelledby="video-views-title"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="video-views-title" className="flex items-center gap-2 text-lg font-semibold">
        <Eye className="h-5 w-5 text-slate-500" aria-hidden="true" /> {t("takeTest.videoViews.title")}
      </h2>
      {data.video === "deleted" && data.deleted_at && (
        <p className="text-sm text-slate-700">
          {t(DELETED[data.deleted_reason ?? "unknown"], { date: formatDateTime(data.deleted_at, locale) })}
        </p>
      )}
      {data.views.length === 0 ? (
        <p className="text-sm text-slate-600">{t("takeTest.videoViews.none")}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {data.views.map((view, index) => (
            <li key={`${view.viewed_at}-${index}`} className="flex flex-wrap justify-between gap-x-4 gap-y-1">
              <span>
                <span className="font-medium">{view.viewer_name || "—"}</span>
                <span className="text-slate-600"> · {t(ROLE[view.viewer_role])}</span>
              </span>
              <span className="text-slate-600">{formatDateTime(view.viewed_at, locale)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">{t("takeTest.videoViews.note")}</p>
    </section>
  );
}
