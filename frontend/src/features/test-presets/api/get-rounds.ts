import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { ListQuery, Page, Round } from "./types";

/** GET /api/v1/rounds: page, limit (at most 100), search, status (upcoming, open, closed),
 * order_by (name, starts_at, expires_at; "-" for descending). */
export function getRounds(query: ListQuery): Promise<Page<Round>> {
  return api<Page<Round>>("/api/v1/rounds", { query: { ...query } });
}

export const roundsQuery = (query: ListQuery) =>
  queryOptions({ queryKey: ["rounds", "list", query], queryFn: () => getRounds(query) });

export function useRounds(query: ListQuery) {
  return useQuery({ ...roundsQuery(query), placeholderData: keepPreviousData });
}

/** Every round (for the pickers of the round and preset forms), newest start first. */
export const allRoundsQuery = () =>
  queryOptions({
    queryKey: ["rounds", "list", { page: 1, limit: 100, order_by: "-starts_at" }],
    queryFn: () => getRounds({ page: 1, limit: 100, order_by: "-starts_at" }),
  });

export function useAllRounds() {
  return useQuery(allRoundsQuery());
}
