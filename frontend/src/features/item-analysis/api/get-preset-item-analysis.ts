import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { computing, itemAnalysisKeys, POLL_MS, type ItemAnalysis } from "./types";

/** GET /api/v1/test-presets/{id}/item-analysis: the test's item analysis over every counted
 * attempt; the first read queues it. Polled while `state.status` is queued or running. 404 for
 * another organization's test. */
export function getPresetItemAnalysis(id: number): Promise<ItemAnalysis> {
  return api<ItemAnalysis>(`/api/v1/test-presets/${id}/item-analysis`);
}

export const presetItemAnalysisQuery = (id: number) =>
  queryOptions({
    queryKey: itemAnalysisKeys.detail("preset", id),
    queryFn: () => getPresetItemAnalysis(id),
    enabled: Number.isFinite(id) && id > 0,
    refetchInterval: (query) => (computing(query.state.data) ? POLL_MS : false),
  });
