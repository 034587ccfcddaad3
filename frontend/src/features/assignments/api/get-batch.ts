import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { BatchRow } from "./types";

/** GET /api/v1/batches/{id}: one batch with its test and slot figures (404 for another
 * organization's). */
export function getBatch(id: number): Promise<BatchRow> {
  return api<BatchRow>(`/api/v1/batches/${id}`);
}

export const batchQuery = (id: number) =>
  queryOptions({ queryKey: ["assignments", "batch", id], queryFn: () => getBatch(id) });

export function useBatch(id: number) {
  return useQuery(batchQuery(id));
}
