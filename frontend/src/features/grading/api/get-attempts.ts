import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Page } from "@/lib/api/types";

import type { AttemptQuery, AttemptRow } from "./types";

/** Results (GET /api/v1/attempts) and one attempt (GET /api/v1/attempts/{id}). */
export const attemptKeys = {
  all: ["attempts"] as const,
  list: (query: AttemptQuery) => [...attemptKeys.all, "list", query] as const,
  detail: (id: number) => [...attemptKeys.all, "detail", id] as const,
};

/** GET /api/v1/attempts: results newest first; `preset_id`, `batch_id`, `result`, `search`. */
export function getAttempts(query: AttemptQuery): Promise<Page<AttemptRow>> {
  return api<Page<AttemptRow>>("/api/v1/attempts", { query: { ...query } });
}

export const attemptsQuery = (query: AttemptQuery) =>
  queryOptions({ queryKey: attemptKeys.list(query), queryFn: () => getAttempts(query) });

export function useAttempts(query: AttemptQuery) {
  return useQuery({ ...attemptsQuery(query), placeholderData: keepPreviousData });
}
