import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { itemAnalysisKeys, itemAnalysisPath, type ItemAnalysis, type ItemAnalysisScope } from "./types";

/** POST /api/v1/test-presets/{id}/item-analysis/recompute or /api/v1/batches/{id}/item-analysis/
 * recompute: queue the analysis again; answers its state (queued), which starts the polling. */
export function recomputeItemAnalysis({ scope, id }: { scope: ItemAnalysisScope; id: number }) {
  return api<ItemAnalysis>(`${itemAnalysisPath(scope, id)}/recompute`, { method: "POST" });
}

export function useRecomputeItemAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recomputeItemAnalysis,
    onSuccess: (analysis, { scope, id }) =>
      queryClient.setQueryData(itemAnalysisKeys.detail(scope, id), analysis),
  });
}
