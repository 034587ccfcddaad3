import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { presetChanged } from "./preset-changed";
import type { Batch, BatchInput } from "./types";

/** POST /api/v1/test-presets/{id}/batches or PUT .../batches/{batch}: start, expiry (later than
 * start), slots (not below what is sold or reserved). Field errors go on the dialog (silent). */
export function saveBatch({
  presetId,
  batchId,
  body,
}: {
  presetId: number;
  batchId: number | null;
  body: BatchInput;
}): Promise<Batch> {
  const base = `/api/v1/test-presets/${presetId}/batches`;
  return batchId === null
    ? api<Batch>(base, { method: "POST", body, silent: true })
    : api<Batch>(`${base}/${batchId}`, { method: "PUT", body, silent: true });
}

export function useSaveBatch(presetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { batchId: number | null; body: BatchInput }) => saveBatch({ presetId, ...input }),
    onSuccess: () => presetChanged(queryClient, presetId),
  });
}
