import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { gradebookKeys } from "./get-preset-gradebook";
import type { Gradebook, GradebookQuery } from "./types";

/** GET /api/v1/batches/{id}/gradebook: one batch's learners with their latest attempt; its
 * `counts.releasable` is what releasing the batch would release now. 404 for another
 * organization's batch. */
export function getBatchGradebook(id: number, query: GradebookQuery): Promise<Gradebook> {
  return api<Gradebook>(`/api/v1/batches/${id}/gradebook`, { query: { ...query } });
}

export const batchGradebookQuery = (id: number, query: GradebookQuery) =>
  queryOptions({
    queryKey: gradebookKeys.page("batch", id, query),
    queryFn: () => getBatchGradebook(id, query),
    placeholderData: keepPreviousData,
    enabled: Number.isFinite(id) && id > 0,
  });

export function useBatchGradebook(id: number, query: GradebookQuery) {
  return useQuery(batchGradebookQuery(id, query));
}
