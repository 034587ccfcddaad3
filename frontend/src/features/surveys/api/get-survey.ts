import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { useSurveyManagement } from "@/lib/api/surveys";

import { surveyDetailKeys } from "./keys";
import type { SurveyDetail } from "./types";

/** GET /api/v1/surveys/{id}: one survey with its bilingual content, for the edit form. */
export function getSurvey(id: number): Promise<SurveyDetail> {
  return api<SurveyDetail>(`/api/v1/surveys/${id}`, { silent: true });
}

export const surveyQuery = (id: number) =>
  queryOptions({ queryKey: surveyDetailKeys.detail(id), queryFn: () => getSurvey(id) });

export function useSurvey(id: number) {
  // asked only of a profile that may manage surveys (the session says so; issue 38 item 6)
  return useQuery({ ...surveyQuery(id), retry: false, enabled: useSurveyManagement() === true });
}
