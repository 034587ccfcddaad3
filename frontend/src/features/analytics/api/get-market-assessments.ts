import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import {
  ANALYTICS_KEY,
  dropEmpty,
  type ListParams,
  type MarketAssessmentPage,
  type MarketFilters,
} from "./types";

/** POST /api/v1/transaction/analytics/markets/assessments (query page, limit, search, order_by;
 * body filters): market assessment rows in data.items. */
export function getMarketAssessments(
  params: ListParams,
  filters: MarketFilters,
): Promise<MarketAssessmentPage> {
  return api<MarketAssessmentPage>("/api/v1/transaction/analytics/markets/assessments", {
    method: "POST",
    query: { ...params },
    body: dropEmpty(filters),
    silent: true,
  });
}

export const marketAssessmentsQuery = (params: ListParams, filters: MarketFilters) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, "assessments", params, dropEmpty(filters)],
    queryFn: () => getMarketAssessments(params, filters),
    retry: false,
  });

export function useMarketAssessments(params: ListParams, filters: MarketFilters) {
  return useQuery({ ...marketAssessmentsQuery(params, filters), placeholderData: keepPreviousData });
}
