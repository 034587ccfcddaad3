/** Message ids of the access log's enumerations (issue 24, item 4). */
import type { MessageId } from "@/lib/intl";

import type { AccessKind, AccessRole } from "../api/types";

export const ACCESS_KINDS: AccessKind[] = [
  "proctoring_video",
  "survey_report_pdf",
  "test_report_pdf",
  "gradebook_export",
  "item_analysis_export",
  "analytics_export",
  "question_bank_export",
  "paper_test_export",
];

export const KIND_LABEL: Record<AccessKind, MessageId> = {
  proctoring_video: "privacy.kind.proctoring_video",
  test_report_pdf: "privacy.kind.test_report_pdf",
  survey_report_pdf: "privacy.kind.survey_report_pdf",
  gradebook_export: "privacy.kind.gradebook_export",
  item_analysis_export: "privacy.kind.item_analysis_export",
  analytics_export: "privacy.kind.analytics_export",
  question_bank_export: "privacy.kind.question_bank_export",
  paper_test_export: "privacy.kind.paper_test_export",
};

export const ROLE_LABEL: Record<AccessRole, MessageId> = {
  educator: "privacy.role.educator",
  admin: "privacy.role.admin",
  superadmin: "privacy.role.superadmin",
};
