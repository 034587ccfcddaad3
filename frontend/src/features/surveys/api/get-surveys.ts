import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { ListQuery, SurveyPage } from "./types";

/** GET /api/v1/surveys/list: page, limit, search, order_by, status (spec §7). Management is
 * refused with 403 `survey_management_disabled` when the SuperAdmin has not allowed it; the
 * screen explains that, so the call is silent. */
export function getSurveys(query: ListQuery): Promise<SurveyPage> {
  return api<SurveyPage>("/api/v1/surveys/list", { query: { ...query }, silent: true });
}

export const surveysQuery = (query: ListQuery) =>
  queryOptions({ queryKey: ["surveys", "list", query], queryFn: () => getSurveys(query) });

export function useSurveys(query: ListQuery) {
  return useQuery({ ...surveysQuery(query), placeholderData: keepPreviousData, retry: false });
}
