import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { useSurveyManagement } from "@/lib/api/surveys";

import { surveyDetailKeys } from "./keys";
import type { SurveyResults } from "./types";

/** GET /api/v1/surveys/{id}/results: takers by status and the distribution of Holland codes. */
export function getResults(id: number): Promise<SurveyResults> {
  return api<SurveyResults>(`/api/v1/surveys/${id}/results`, { silent: true });
}

export const resultsQuery = (id: number) =>
  queryOptions({ queryKey: surveyDetailKeys.results(id), queryFn: () => getResults(id) });

export function useResults(id: number) {
  // asked only of a profile that may manage surveys (the session says so; issue 38 item 6)
  return useQuery({ ...resultsQuery(id), retry: false, enabled: useSurveyManagement() === true });
}
