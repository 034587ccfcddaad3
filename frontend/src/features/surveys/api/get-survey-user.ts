import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { SurveyUser } from "./types";

/** GET /api/v1/survey-users/{id}: one of the learner's surveys and where it stands. */
export function getSurveyUser(id: number): Promise<SurveyUser> {
  return api<SurveyUser>(`/api/v1/survey-users/${id}`);
}

export const surveyUserQuery = (id: number) =>
  queryOptions({ queryKey: surveyUserKeys.detail(id), queryFn: () => getSurveyUser(id) });

export function useSurveyUser(id: number) {
  return useQuery({ ...surveyUserQuery(id), retry: false });
}
