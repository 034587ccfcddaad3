import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { AvailableSurvey } from "./types";

/** GET /api/v1/survey-users/available: free surveys the learner can take (listed on the
 * marketplace, or linked to a test they hold) and does not hold yet. */
export function getAvailableSurveys(): Promise<AvailableSurvey[]> {
  return api<AvailableSurvey[]>("/api/v1/survey-users/available");
}

export const availableSurveysQuery = () =>
  queryOptions({ queryKey: surveyUserKeys.available(), queryFn: getAvailableSurveys });

export function useAvailableSurveys() {
  return useQuery(availableSurveysQuery());
}
