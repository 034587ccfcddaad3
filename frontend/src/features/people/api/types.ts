/** Payload types of the organization people API (issue 9), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type { Member, PeopleRole } from "@/lib/api/profiles";
export type Invitation = V1Schemas["OrgInvitationOut"];
export type InviteResult = V1Schemas["InviteResultOut"];
export type ImportReport = V1Schemas["LearnerImportOut"];
export type MembershipEvent = V1Schemas["EventOut"];
export type OrganizationSettings = V1Schemas["SettingsOut"];
export type LearnerActivity = V1Schemas["LearnerActivityOut"];
export type ActivityAssignment = V1Schemas["ActivityAssignmentOut"];
export type ActivitySurvey = V1Schemas["ActivitySurveyOut"];

export const MEMBER_STATUSES = ["active", "inactive", "removed"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const INVITATION_STATUSES = ["pending", "expired", "accepted", "rejected", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
