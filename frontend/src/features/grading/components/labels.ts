/** Message ids of the feature's enumerations (results, integrity events, question types). */
import { formatNumber } from "@/lib/format";
import type { MessageId } from "@/lib/intl";

export const RESULT_LABEL: Record<string, MessageId> = {
  pending: "grading.result.pending",
  passed: "grading.result.passed",
  failed: "grading.result.failed",
};

/** Why an attempt's proctoring video is gone (issue 24, item 3): the retention policy, a deletion
 * request, a withdrawn consent, or "unknown" when no record says why. */
export const VIDEO_DELETED: Record<"retention" | "request" | "consent_withdrawn" | "unknown", MessageId> = {
  retention: "grading.detail.videoDeletedRetention",
  request: "grading.detail.videoDeletedRequest",
  consent_withdrawn: "grading.detail.videoDeletedConsent",
  unknown: "grading.detail.videoDeleted",
};

export const RESULT_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  passed: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

export const EVENT_LABEL: Record<string, MessageId> = {
  tab_hidden: "grading.event.tab_hidden",
  blur: "grading.event.blur",
  copy: "grading.event.copy",
  paste: "grading.event.paste",
  context_menu: "grading.event.context_menu",
  takeover: "grading.event.takeover",
  voided: "grading.event.voided",
  reinstated: "grading.event.reinstated",
};

/** Switches count toward voiding; the others are logged only. */
export const SWITCH_EVENTS = new Set(["tab_hidden", "blur"]);

export const TYPE_LABEL: Record<string, MessageId> = {
  single_choice: "grading.type.single_choice",
  multiple_choice: "grading.type.multiple_choice",
  true_false: "grading.type.true_false",
  short_text: "grading.type.short_text",
  essay: "grading.type.essay",
  true_false_set: "grading.type.true_false_set",
  numeric: "grading.type.numeric",
};

export const SUBMIT_REASON_LABEL: Record<string, MessageId> = {
  learner: "grading.submitReason.learner",
  deadline: "grading.submitReason.deadline",
  voided: "grading.submitReason.voided",
  consent_withdrawn: "grading.submitReason.consent_withdrawn",
};

/** Points (a question's score or a raw total) without trailing zeros ("7.5", "8"); a score on its
 * test's reporting scale is `formatScore` of `@/lib/score` ("8,75/10"). */
export function formatPoints(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return "—";
  return formatNumber(value, locale);
}
