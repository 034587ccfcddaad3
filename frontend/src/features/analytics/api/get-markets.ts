import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { ANALYTICS_KEY, dropEmpty, type MarketFilters, type MarketRow } from "./types";

/** GET /api/v1/transaction/analytics/markets: one market analytics row per grade. */
export function getMarkets(filters: MarketFilters): Promise<MarketRow[]> {
  return api<MarketRow[]>("/api/v1/transaction/analytics/markets", {
    query: { ...dropEmpty(filters) },
    silent: true,
  });
}

export const marketsQuery = (filters: MarketFilters) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, "markets", dropEmpty(filters)],
    queryFn: () => getMarkets(filters),
    retry: false,
  });

export function useMarkets(filters: MarketFilters) {
  return useQuery({ ...marketsQuery(filters), placeholderData: keepPreviousData });
}
