import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { BatchRow, Page } from "./types";

export interface BatchQuery {
  page: number;
  limit: number;
  search?: string;
  /** starts_at, expires_at, name, available, preset_name; "-" descends. */
  order_by?: string;
  preset_id?: number;
  /** upcoming | open | ended */
  state?: string;
}

/** GET /api/v1/batches: every batch across the organization's tests with its slot figures. */
export function getBatches(query: BatchQuery): Promise<Page<BatchRow>> {
  return api<Page<BatchRow>>("/api/v1/batches", { query: { ...query } });
}

export const batchesKey = ["assignments", "batches"] as const;

export const batchesQuery = (query: BatchQuery) =>
  queryOptions({
    queryKey: [...batchesKey, query],
    queryFn: () => getBatches(query),
    placeholderData: keepPreviousData,
  });

export function useBatches(query: BatchQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...batchesQuery(query), enabled });
}
