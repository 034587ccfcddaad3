import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { ANALYTICS_KEY, dropEmpty, type HistoryPage, type ListParams, type MarketFilters } from "./types";

/** POST /api/v1/transaction/analytics/history: every transaction of the scope with its purchase
 * items (the plain table of /alltransaction/old); status ALL by default. */
export function getHistory(params: ListParams, filters: MarketFilters): Promise<HistoryPage> {
  return api<HistoryPage>("/api/v1/transaction/analytics/history", {
    method: "POST",
    query: { ...params },
    body: dropEmpty(filters),
    silent: true,
  });
}

export const historyQuery = (params: ListParams, filters: MarketFilters) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, "history", params, dropEmpty(filters)],
    queryFn: () => getHistory(params, filters),
    retry: false,
  });

export function useHistory(params: ListParams, filters: MarketFilters) {
  return useQuery({ ...historyQuery(params, filters), placeholderData: keepPreviousData });
}
