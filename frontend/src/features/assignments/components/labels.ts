/** Message ids and badge styles of the statuses the /assignment API returns. */
import type { Tone } from "@/components/ui/badge";
import type { Choice } from "@/components/list/list-toolbar";
import type { MessageId } from "@/lib/intl";

export const ASSIGNMENT_STATUS_LABEL: Record<string, MessageId> = {
  assigned: "assignments.status.assigned",
  in_progress: "assignments.status.in_progress",
  submitted: "assignments.status.submitted",
  graded: "assignments.status.graded",
  revoked: "assignments.status.revoked",
};

export const SOURCE_LABEL: Record<string, MessageId> = {
  direct: "assignments.source.direct",
  purchase: "assignments.source.purchase",
};

export const BATCH_STATE_LABEL: Record<string, MessageId> = {
  upcoming: "assignments.batchState.upcoming",
  open: "assignments.batchState.open",
  ended: "assignments.batchState.ended",
};

export const PRESET_STATUS_LABEL: Record<string, MessageId> = {
  draft: "assignments.presetStatus.draft",
  approved: "assignments.presetStatus.approved",
  rejected: "assignments.presetStatus.rejected",
  published: "assignments.presetStatus.published",
};

export const WAITING_STATUS_LABEL: Record<string, MessageId> = {
  waiting: "assignments.waitingStatus.waiting",
  offered: "assignments.waitingStatus.offered",
  claimed: "assignments.waitingStatus.claimed",
  lapsed: "assignments.waitingStatus.lapsed",
  left: "assignments.waitingStatus.left",
};

export const ASSIGNMENT_STATUS_TONE: Record<string, Tone> = {
  assigned: "sky",
  in_progress: "amber",
  submitted: "blue",
  graded: "green",
  revoked: "slate",
};

export const BATCH_STATE_TONE: Record<string, Tone> = { upcoming: "sky", open: "green", ended: "slate" };

export const PRESET_STATUS_TONE: Record<string, Tone> = {
  draft: "slate",
  approved: "sky",
  rejected: "red",
  published: "green",
};

export const WAITING_STATUS_TONE: Record<string, Tone> = {
  waiting: "amber",
  offered: "blue",
  claimed: "green",
  lapsed: "slate",
  left: "slate",
};

/** Select choices of `values`, each labelled by its message id. */
export function choicesOf(
  t: (id: MessageId) => string,
  values: readonly string[],
  labels: Record<string, MessageId>,
): Choice[] {
  return values.map((value) => ({ value, label: t(labels[value]!) }));
}

/** Order choices: `[value, message id]` pairs, labelled. */
export function sortChoices(t: (id: MessageId) => string, sorts: readonly (readonly [string, MessageId])[]) {
  return sorts.map(([value, label]) => ({ value, label: t(label) }));
}
