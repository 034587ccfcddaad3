import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { SurveyUser } from "./types";

/** GET /api/v1/surveys/submissions/{id}/overview: the survey before (and after) taking it; for
 * the learner, or an educator of the organization viewing a taker. */
export function getOverview(id: number): Promise<SurveyUser> {
  return api<SurveyUser>(`/api/v1/surveys/submissions/${id}/overview`);
}

export const overviewQuery = (id: number) =>
  queryOptions({ queryKey: surveyUserKeys.overview(id), queryFn: () => getOverview(id) });

export function useOverview(id: number) {
  return useQuery({ ...overviewQuery(id), retry: false });
}
