import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { attemptKeys } from "./get-attempts";
import type { Gradebook, GradebookQuery, GradebookScope } from "./types";

/** The gradebooks (a test's, a batch's) are views of the attempts: their keys sit under
 * `attemptKeys.all`, so grading, releasing and reinstating refresh them too. */
export const gradebookKeys = {
  all: [...attemptKeys.all, "gradebook"] as const,
  page: (scope: GradebookScope, id: number, query: GradebookQuery) =>
    [...gradebookKeys.all, scope, id, query] as const,
};

/** GET /api/v1/test-presets/{id}/gradebook: the test's learners with their latest attempt
 * (score, result, released, integrity flags), the scope and its counts; 404 for another
 * organization's test. */
export function getPresetGradebook(id: number, query: GradebookQuery): Promise<Gradebook> {
  return api<Gradebook>(`/api/v1/test-presets/${id}/gradebook`, { query: { ...query } });
}

export const presetGradebookQuery = (id: number, query: GradebookQuery) =>
  queryOptions({
    queryKey: gradebookKeys.page("preset", id, query),
    queryFn: () => getPresetGradebook(id, query),
    placeholderData: keepPreviousData,
    enabled: Number.isFinite(id) && id > 0,
  });

export function usePresetGradebook(id: number, query: GradebookQuery) {
  return useQuery(presetGradebookQuery(id, query));
}
