import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { AttemptQuery, AttemptRow, Page } from "./types";

/** GET /api/v1/attempts: results newest first; `preset_id`, `batch_id`, `result`, `search`. */
export function getAttempts(query: AttemptQuery): Promise<Page<AttemptRow>> {
  return api<Page<AttemptRow>>("/api/v1/attempts", { query: { ...query } });
}

export const attemptsQuery = (query: AttemptQuery) =>
  queryOptions({ queryKey: ["attempts", "list", query], queryFn: () => getAttempts(query) });

export function useAttempts(query: AttemptQuery) {
  return useQuery({ ...attemptsQuery(query), placeholderData: keepPreviousData });
}
