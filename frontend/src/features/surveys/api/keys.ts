/** The query keys of the surveys feature (issue 22: one factory per endpoint family, never a
 * literal array in a page). The organization's surveys build on `surveyKeys` of
 * `@/lib/api/surveys` (GET /api/v1/surveys/list is shared with the test presets); the learner's
 * own surveys ("survey-users") are read by this feature only, their keys live in
 * `@/lib/api/survey-users` with taking a survey, which a survey's marketplace page also does. */
import { surveyUserKeys } from "@/lib/api/survey-users";
import { surveyKeys } from "@/lib/api/surveys";

import type { ListQuery } from "./types";

export { surveyKeys, surveyUserKeys };

/** One survey of the organization and what hangs off it (results, takers). */
export const surveyDetailKeys = {
  detail: (id: number) => [...surveyKeys.all, "detail", id] as const,
  results: (id: number) => [...surveyKeys.all, "results", id] as const,
  takers: (id: number, query: ListQuery) => [...surveyKeys.all, "takers", id, query] as const,
};
