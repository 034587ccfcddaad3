import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { surveyDetailKeys } from "./keys";
import type { ListQuery, Taker } from "./types";

/** GET /api/v1/surveys/{id}/takers: who holds the survey (search, status, order_by, paging). */
export function getTakers(id: number, query: ListQuery): Promise<Page<Taker>> {
  return api<Page<Taker>>(`/api/v1/surveys/${id}/takers`, { query: { ...query }, silent: true });
}

export const takersQuery = (id: number, query: ListQuery) =>
  queryOptions({ queryKey: surveyDetailKeys.takers(id, query), queryFn: () => getTakers(id, query) });

export function useTakers(id: number, query: ListQuery) {
  return useQuery({ ...takersQuery(id, query), placeholderData: keepPreviousData, retry: false });
}
