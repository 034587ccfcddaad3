import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { CategorySuitable } from "./types";

/** GET /api/v1/survey-users/{id}/category-suitable: the top three groups with careers and
 * fields of study (and the tie rule). */
export function getCategorySuitable(id: number): Promise<CategorySuitable> {
  return api<CategorySuitable>(`/api/v1/survey-users/${id}/category-suitable`);
}

export const categorySuitableQuery = (id: number) =>
  queryOptions({ queryKey: surveyUserKeys.suitable(id), queryFn: () => getCategorySuitable(id) });

export function useCategorySuitable(id: number, enabled = true) {
  return useQuery({ ...categorySuitableQuery(id), enabled, retry: false });
}
