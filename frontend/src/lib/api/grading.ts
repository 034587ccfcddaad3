/** GET /api/v1/grading (answers to score), read by the grading pages and by a test's page (its
 * "Chấm bài" count): one query key for both, so that saving a grade refreshes the count (issue 19;
 * issue 22). */
import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page, V1Schemas } from "@/lib/api/types";

/** A row of GET /api/v1/grading. */
export type GradingRow = V1Schemas["GradingRowOut"];

export interface GradingQuery {
  page: number;
  limit: number;
  preset_id?: number;
  batch_id?: number;
  state: "pending" | "graded";
}

export const gradingKeys = {
  all: ["grading"] as const,
  list: (query: GradingQuery) => [...gradingKeys.all, "list", query] as const,
};

/** Essay and unmatched short answers, `state` pending or graded, filtered by `preset_id` and
 * `batch_id`, oldest submission first; `total` is how many there are. */
export function getGrading(query: GradingQuery): Promise<Page<GradingRow>> {
  return api<Page<GradingRow>>("/api/v1/grading", { query: { ...query } });
}

export const gradingQuery = (query: GradingQuery) =>
  queryOptions({ queryKey: gradingKeys.list(query), queryFn: () => getGrading(query) });
