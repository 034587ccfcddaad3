import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Page } from "@/lib/api/types";

import type { GradingQuery, GradingRow } from "./types";

export const gradingKeys = {
  all: ["grading"] as const,
  list: (query: GradingQuery) => [...gradingKeys.all, "list", query] as const,
};

/** GET /api/v1/grading: essay and unmatched short answers, `state` pending or graded, filtered by
 * `preset_id` and `batch_id`, oldest submission first. */
export function getGrading(query: GradingQuery): Promise<Page<GradingRow>> {
  return api<Page<GradingRow>>("/api/v1/grading", { query: { ...query } });
}

export const gradingQuery = (query: GradingQuery) =>
  queryOptions({ queryKey: gradingKeys.list(query), queryFn: () => getGrading(query) });

export function useGrading(query: GradingQuery) {
  return useQuery({ ...gradingQuery(query), placeholderData: keepPreviousData });
}
