import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page } from "@/lib/api/types";

import type { Round } from "./types";

export interface RoundListQuery extends ListQuery {
  /** upcoming | open | closed */
  status?: string;
}

export const roundKeys = {
  all: ["rounds"] as const,
  lists: () => [...roundKeys.all, "list"] as const,
  list: (query: RoundListQuery) => [...roundKeys.lists(), query] as const,
};

/** GET /api/v1/rounds: page, limit (at most 100), search, status (upcoming, open, closed),
 * order_by (name, starts_at, expires_at; "-" for descending). */
export function getRounds(query: RoundListQuery): Promise<Page<Round>> {
  return api<Page<Round>>("/api/v1/rounds", { query: { ...query } });
}

export const roundsQuery = (query: RoundListQuery) =>
  queryOptions({
    queryKey: roundKeys.list(query),
    queryFn: () => getRounds(query),
    placeholderData: keepPreviousData,
  });

const ALL_ROUNDS: RoundListQuery = { page: 1, limit: 100, order_by: "-starts_at" };

/** Every round (for the pickers of the round and preset forms), newest start first. */
export const allRoundsQuery = () =>
  queryOptions({ queryKey: roundKeys.list(ALL_ROUNDS), queryFn: () => getRounds(ALL_ROUNDS) });
