import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { presetChanged } from "./preset-changed";

/** DELETE /api/v1/test-presets/{id}/batches/{batch}; 409 `batch_in_use` when someone bought or
 * reserved a slot (the client's toast shows the server's message). */
export function deleteBatch({ presetId, batchId }: { presetId: number; batchId: number }): Promise<object> {
  return api<object>(`/api/v1/test-presets/${presetId}/batches/${batchId}`, { method: "DELETE" });
}

export function useDeleteBatch(presetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) => deleteBatch({ presetId, batchId }),
    onSettled: () => presetChanged(queryClient, presetId),
  });
}
