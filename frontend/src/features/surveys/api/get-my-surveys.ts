import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { ListQuery, SurveyUserPage } from "./types";

/** GET /api/v1/survey-users/my-list: limit, page, order_by, search, status (spec §7); items'
 * `id` and `survey_id` are the user_survey_id. */
export function getMySurveys(query: ListQuery): Promise<SurveyUserPage> {
  return api<SurveyUserPage>("/api/v1/survey-users/my-list", { query: { ...query } });
}

export const mySurveysQuery = (query: ListQuery) =>
  queryOptions({ queryKey: ["survey-users", "list", query], queryFn: () => getMySurveys(query) });

export function useMySurveys(query: ListQuery) {
  return useQuery({ ...mySurveysQuery(query), placeholderData: keepPreviousData });
}
