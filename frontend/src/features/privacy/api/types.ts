/** Payload types of the privacy API (issue 24, items 3 and 4; platform/privacy/api.py), from the
 * generated OpenAPI types (./ops/openapi-types). */
import type { V1Schemas } from "@/lib/api/types";

export type Retention = V1Schemas["RetentionOut"];
export type RetentionInput = V1Schemas["RetentionIn"];
export type AccessLogRow = V1Schemas["AccessLogRowOut"];
export type AccessLogPage = V1Schemas["AccessLogPageOut"];
export type AccessKind = AccessLogRow["kind"];
export type AccessRole = AccessLogRow["actor_role"];

/** The filters of GET /api/v1/privacy/access-log (days as YYYY-MM-DD, Vietnam days). */
export interface AccessLogQuery {
  page: number;
  limit: number;
  kind?: AccessKind;
  from_date?: string;
  to_date?: string;
}

/** Issue 37, item 8: the requests concerning the organization and the answer to a correction. */
export type OrgDataRequest = V1Schemas["OrgDataRequestOut"];
export type OrgDataRequestsPage = V1Schemas["OrgDataRequestsPageOut"];
export type CorrectionAnswer = V1Schemas["CorrectionAnswerIn"];
export type RequestState = "" | "open" | "due_soon" | "overdue" | "answered";

export interface OrgDataRequestsQuery {
  state: RequestState;
  page: number;
  limit: number;
}
