/** The query keys of the surveys feature (issue 22: one factory per endpoint family, never a
 * literal array in a page). The organization's surveys build on `surveyKeys` of
 * `@/lib/api/surveys` (GET /api/v1/surveys/list is shared with the test presets); the learner's
 * own surveys ("survey-users") are read by this feature only. */
import { surveyKeys } from "@/lib/api/surveys";

import type { ListQuery } from "./types";

export { surveyKeys };

/** One survey of the organization and what hangs off it (results, takers). */
export const surveyDetailKeys = {
  detail: (id: number) => [...surveyKeys.all, "detail", id] as const,
  results: (id: number) => [...surveyKeys.all, "results", id] as const,
  takers: (id: number, query: ListQuery) => [...surveyKeys.all, "takers", id, query] as const,
};

/** The learner's surveys: the list, one survey, its statements and its scores. */
export const surveyUserKeys = {
  all: ["survey-users"] as const,
  lists: () => [...surveyUserKeys.all, "list"] as const,
  list: (query: ListQuery) => [...surveyUserKeys.lists(), query] as const,
  available: () => [...surveyUserKeys.all, "available"] as const,
  detail: (id: number) => [...surveyUserKeys.all, "detail", id] as const,
  overview: (id: number) => [...surveyUserKeys.all, "overview", id] as const,
  questions: (id: number) => [...surveyUserKeys.all, "questions", id] as const,
  score: (id: number) => [...surveyUserKeys.all, "score", id] as const,
  suitable: (id: number) => [...surveyUserKeys.all, "suitable", id] as const,
};
