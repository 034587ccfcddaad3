import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { surveyUserKeys } from "./keys";
import type { ListQuery, SurveyUserRow } from "./types";

/** GET /api/v1/survey-users/my-list: limit, page, order_by, search, status (spec §7); items'
 * `id` and `survey_id` are the user_survey_id. Every reader shows a failure itself (the list in
 * its table, the ongoing-survey prompt not at all), so the call is silent. */
export function getMySurveys(query: ListQuery): Promise<Page<SurveyUserRow>> {
  return api<Page<SurveyUserRow>>("/api/v1/survey-users/my-list", { query: { ...query }, silent: true });
}

export const mySurveysQuery = (query: ListQuery) =>
  queryOptions({ queryKey: surveyUserKeys.list(query), queryFn: () => getMySurveys(query) });

export function useMySurveys(query: ListQuery) {
  return useQuery({ ...mySurveysQuery(query), placeholderData: keepPreviousData });
}

/** The page of the list the ongoing-survey prompt reads (spec §2 "Ongoing-survey prompt"): the
 * newest in-progress surveys. */
export const ONGOING_QUERY: ListQuery = { page: 1, limit: 5, order_by: "-created_at", status: "in_progress" };

/** The newest in-progress survey's survey_id (the user_survey_id the overview route takes). */
export function ongoingSurveyId(page: Page<SurveyUserRow>): number | null {
  return page.items[0]?.survey_id ?? null;
}

/** Asks again after every navigation (never fresh); failures are not the user's business here:
 * null. */
export function fetchOngoingSurveyId(queryClient: QueryClient): Promise<number | null> {
  return queryClient
    .fetchQuery({ ...mySurveysQuery(ONGOING_QUERY), staleTime: 0 })
    .then(ongoingSurveyId, () => null);
}
