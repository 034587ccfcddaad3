import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { BatchOption } from "./types";

/** GET /api/v1/batches/{id}: the batch's name, test and window. */
export function getBatch(batchId: number): Promise<BatchOption> {
  return api<BatchOption>(`/api/v1/batches/${batchId}`);
}

export function useBatch(batchId: number) {
  return useQuery({
    queryKey: ["batches", batchId, "detail"],
    queryFn: () => getBatch(batchId),
    enabled: Number.isFinite(batchId) && batchId > 0,
  });
}
