import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { ANALYTICS_KEY, dropEmpty, type Analytics, type AnalyticType, type MarketFilters } from "./types";

/** POST /api/v1/transaction/analytics: the dashboard figures of `analytic_type` for the filters
 * (KPI cards with their change, revenue over time, breakdowns, heatmaps). Errors are shown by
 * the page (a learner's 403 included), not toasted. */
export function getAnalytics(analyticType: AnalyticType, filters: MarketFilters): Promise<Analytics> {
  return api<Analytics>("/api/v1/transaction/analytics", {
    method: "POST",
    body: { analytic_type: analyticType, ...dropEmpty(filters) },
    silent: true,
  });
}

export const analyticsQuery = (analyticType: AnalyticType, filters: MarketFilters) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, "figures", analyticType, dropEmpty(filters)],
    queryFn: () => getAnalytics(analyticType, filters),
    retry: false,
  });

export function useAnalytics(analyticType: AnalyticType, filters: MarketFilters) {
  return useQuery({ ...analyticsQuery(analyticType, filters), placeholderData: keepPreviousData });
}
