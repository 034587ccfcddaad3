import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { batchKeys } from "@/lib/api/batches";

import type { ProgressRow } from "./types";

export const PROGRESS_INTERVAL_MS = 5_000;

/** GET /api/v1/batches/{id}/progress: who is in the test, answered count, tab switches. */
export function getBatchProgress(batchId: number): Promise<ProgressRow[]> {
  return api<ProgressRow[]>(`/api/v1/batches/${batchId}/progress`);
}

/** Polled every 5 s while the tab is visible (react-query pauses interval refetches in a hidden
 * tab by default; `refetchIntervalInBackground` stays false). */
export function useBatchProgress(batchId: number) {
  return useQuery({
    queryKey: [...batchKeys.detail(batchId), "progress"],
    queryFn: () => getBatchProgress(batchId),
    refetchInterval: PROGRESS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    enabled: Number.isFinite(batchId) && batchId > 0,
  });
}
