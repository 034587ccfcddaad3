import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { ANALYTICS_KEY, type FilterOptions } from "./types";

/** GET /api/v1/transaction/analytics/filters: grades, subjects, provinces, rounds, add-ons and
 * (SuperAdmin) organizations. Answers 403 `forbidden_role` to learners: the page says so. */
export function getFilterOptions(organizationId?: number): Promise<FilterOptions> {
  return api<FilterOptions>("/api/v1/transaction/analytics/filters", {
    query: { organization_id: organizationId },
    silent: true,
  });
}

export const filterOptionsQuery = (organizationId?: number) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, "filters", organizationId ?? null],
    queryFn: () => getFilterOptions(organizationId),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useFilterOptions(organizationId?: number) {
  return useQuery(filterOptionsQuery(organizationId));
}
