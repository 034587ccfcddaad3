import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { attemptKeys } from "./get-attempts";

/** POST /api/v1/batches/{id}/release: releases every graded result of the batch. Silent: the
 * confirmation dialog shows a refusal. */
export function releaseBatch(batchId: number): Promise<{ released: number }> {
  return api<{ released: number }>(`/api/v1/batches/${batchId}/release`, { method: "POST", silent: true });
}

export function useReleaseBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptKeys.all }),
  });
}
