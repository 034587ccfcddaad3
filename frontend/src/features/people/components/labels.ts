/** Message ids of the statuses the people API returns. */
import type { MessageId } from "@/lib/intl";

import type { InvitationStatus, MemberStatus, PeopleRole } from "../api/types";

export const MEMBER_STATUS_LABEL: Record<MemberStatus, MessageId> = {
  active: "people.status.active",
  inactive: "people.status.inactive",
  removed: "people.status.removed",
};

export const INVITATION_STATUS_LABEL: Record<InvitationStatus, MessageId> = {
  pending: "people.invitationStatus.pending",
  expired: "people.invitationStatus.expired",
  accepted: "people.invitationStatus.accepted",
  rejected: "people.invitationStatus.rejected",
  revoked: "people.invitationStatus.revoked",
};

export const TONE = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
} as const;

export const MEMBER_STATUS_TONE: Record<MemberStatus, keyof typeof TONE> = {
  active: "green",
  inactive: "slate",
  removed: "red",
};

export const INVITATION_STATUS_TONE: Record<InvitationStatus, keyof typeof TONE> = {
  pending: "amber",
  expired: "red",
  accepted: "green",
  rejected: "slate",
  revoked: "slate",
};

/** Words that change with the page's role. */
export const ROLE_TEXT: Record<
  PeopleRole,
  { title: MessageId; invite: MessageId; empty: MessageId; inviteTitle: MessageId }
> = {
  EDUCATOR: {
    title: "nav.educators",
    invite: "people.inviteEducators",
    empty: "people.noEducators",
    inviteTitle: "people.invite.titleEducators",
  },
  LEARNER: {
    title: "nav.learners",
    invite: "people.inviteLearners",
    empty: "people.noLearners",
    inviteTitle: "people.invite.titleLearners",
  },
};

export function memberStatus(value: string): MemberStatus {
  return value === "inactive" || value === "removed" ? value : "active";
}

export function invitationStatus(value: string): InvitationStatus {
  return (
    (["pending", "expired", "accepted", "rejected", "revoked"] as const).find((s) => s === value) ?? "pending"
  );
}
