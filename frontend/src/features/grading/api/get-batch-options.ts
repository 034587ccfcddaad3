import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { BatchOption, Page } from "./types";

/** GET /api/v1/batches?preset_id=: the test's batches for the batch filter (none without a test). */
export function getBatchOptions(presetId: number): Promise<BatchOption[]> {
  return api<Page<BatchOption>>("/api/v1/batches", {
    query: { preset_id: presetId, limit: 100, order_by: "starts_at" },
  }).then((page) => page.items);
}

export function useBatchOptions(presetId: number | undefined) {
  return useQuery({
    queryKey: ["batches", "options", presetId],
    queryFn: () => getBatchOptions(presetId ?? 0),
    enabled: !!presetId,
    staleTime: 30_000,
  });
}
