import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { CategoryScore } from "./types";

/** GET /api/v1/survey-users/{id}/category-score: each group's raw and normalized score. */
export function getCategoryScore(id: number): Promise<CategoryScore> {
  return api<CategoryScore>(`/api/v1/survey-users/${id}/category-score`);
}

export const categoryScoreQuery = (id: number) =>
  queryOptions({ queryKey: surveyUserKeys.score(id), queryFn: () => getCategoryScore(id) });

export function useCategoryScore(id: number, enabled = true) {
  return useQuery({ ...categoryScoreQuery(id), enabled, retry: false });
}
