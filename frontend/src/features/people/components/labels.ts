/** Message ids of the statuses the people API returns. */
import type { Tone } from "@/components/ui/badge";
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

export const MEMBER_STATUS_TONE: Record<MemberStatus, Tone> = {
  active: "green",
  inactive: "slate",
  removed: "red",
};

export const INVITATION_STATUS_TONE: Record<InvitationStatus, Tone> = {
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
