/** Message ids and colours for survey statuses and the RIASEC groups. */
import type { MessageId } from "@/lib/intl";

import type { GroupCode } from "../api/types";

const STATUS_LABELS: Record<string, MessageId> = {
  draft: "surveys.status.draft",
  pending: "surveys.status.pending",
  published: "surveys.status.published",
  not_started: "surveys.status.not_started",
  in_progress: "surveys.status.in_progress",
  completed: "surveys.status.completed",
  expired: "surveys.status.expired",
  ended: "surveys.status.ended",
  cancelled: "surveys.status.cancelled",
};

export function statusLabel(status: string): MessageId {
  return STATUS_LABELS[status] ?? "surveys.status.unknown";
}

export const STATUS_STYLE: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700",
  pending: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-800",
  not_started: "bg-sky-100 text-sky-800",
  in_progress: "bg-blue-100 text-blue-800",
  completed: "bg-emerald-100 text-emerald-800",
  expired: "bg-orange-100 text-orange-900",
  ended: "bg-slate-200 text-slate-700",
  cancelled: "bg-red-100 text-red-800",
};

/** One colour per group, the same on the hexagon, the progress bars and the PDF. */
export const GROUP_COLOURS: Record<GroupCode, string> = {
  R: "#dc2626",
  I: "#2563eb",
  A: "#9333ea",
  S: "#16a34a",
  E: "#ea580c",
  C: "#0891b2",
};

/** The same hues dark enough for text on white (4.5:1, WCAG 1.4.3): group names and the Holland
 * code's letters; the -600 fills above are for the chart, the bars and borders. */
export const GROUP_TEXT: Record<GroupCode, string> = {
  R: "text-red-700",
  I: "text-blue-700",
  A: "text-purple-700",
  S: "text-green-700",
  E: "text-orange-700",
  C: "text-cyan-700",
};

/** The short localized names used where the survey's own names are not at hand. */
export const GROUP_LABELS: Record<GroupCode, MessageId> = {
  R: "surveys.group.R",
  I: "surveys.group.I",
  A: "surveys.group.A",
  S: "surveys.group.S",
  E: "surveys.group.E",
  C: "surveys.group.C",
};

/** The messages of spec §8 "survey errors", by the failing step. */
export const STEP_ERRORS = {
  start: "surveys.error.start",
  retrieve: "surveys.error.retrieve",
  save: "surveys.error.save",
  submit: "surveys.error.submit",
} as const satisfies Record<string, MessageId>;

/** Reasons the server gives (stable codes) with their own short titles (spec §8). */
export const CODE_TITLES: Record<string, MessageId> = {
  survey_no_questions: "surveys.error.noQuestions",
  survey_already_completed: "surveys.error.alreadyCompleted",
};
