import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { ListQuery, TakerPage } from "./types";

/** GET /api/v1/surveys/{id}/takers: who holds the survey (search, status, order_by, paging). */
export function getTakers(id: number, query: ListQuery): Promise<TakerPage> {
  return api<TakerPage>(`/api/v1/surveys/${id}/takers`, { query: { ...query }, silent: true });
}

export const takersQuery = (id: number, query: ListQuery) =>
  queryOptions({ queryKey: ["surveys", "takers", id, query], queryFn: () => getTakers(id, query) });

export function useTakers(id: number, query: ListQuery) {
  return useQuery({ ...takersQuery(id, query), placeholderData: keepPreviousData, retry: false });
}
