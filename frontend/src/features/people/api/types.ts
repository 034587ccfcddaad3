/** Payload types of the organization people API (issue 9), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type PeopleRole = "EDUCATOR" | "LEARNER";
export type Member = V1Schemas["MemberOut"];
export type Invitation = V1Schemas["OrgInvitationOut"];
export type InviteResult = V1Schemas["InviteResultOut"];
export type ImportReport = V1Schemas["LearnerImportOut"];
export type MembershipEvent = V1Schemas["EventOut"];
export type OrganizationSettings = V1Schemas["SettingsOut"];
export type LearnerActivity = V1Schemas["LearnerActivityOut"];
export type ActivityAssignment = V1Schemas["ActivityAssignmentOut"];
export type ActivitySurvey = V1Schemas["ActivitySurveyOut"];

/** A background import (GET /api/v1/import-jobs/{id}; issue 16 item 8). Hand-written until the
 * generated types are regenerated (``ImportJobOut``). ``result``: the report the synchronous
 * import answers (also the bad rows of a job failed with ``import_invalid``). */
export interface ImportJob {
  id: string;
  kind: "questions" | "learners";
  status: "queued" | "running" | "done" | "failed";
  dry_run: boolean;
  progress: number;
  rows_done: number;
  rows_total: number;
  file_name: string;
  result: ImportReport | null;
  error_code: string;
  error_message: string;
  created_at: string;
  finished_at: string | null;
}

/** What an import call answers: the report at once (200), or a background job to poll (202). */
export type ImportOutcome = { kind: "report"; report: ImportReport } | { kind: "job"; job: ImportJob };

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export const MEMBER_STATUSES = ["active", "inactive", "removed"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const INVITATION_STATUSES = ["pending", "expired", "accepted", "rejected", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
