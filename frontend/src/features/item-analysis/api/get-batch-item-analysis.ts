import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { computing, itemAnalysisKeys, POLL_MS, type ItemAnalysis } from "./types";

/** GET /api/v1/batches/{id}/item-analysis: one batch's item analysis (as the test's); the first
 * read queues it. Polled while `state.status` is queued or running. 404 for another
 * organization's batch. */
export function getBatchItemAnalysis(id: number): Promise<ItemAnalysis> {
  return api<ItemAnalysis>(`/api/v1/batches/${id}/item-analysis`);
}

export const batchItemAnalysisQuery = (id: number) =>
  queryOptions({
    queryKey: itemAnalysisKeys.detail("batch", id),
    queryFn: () => getBatchItemAnalysis(id),
    enabled: Number.isFinite(id) && id > 0,
    refetchInterval: (query) => (computing(query.state.data) ? POLL_MS : false),
  });
