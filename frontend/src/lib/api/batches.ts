/** GET /api/v1/batches and /api/v1/batches/{id}, read by the assignment pages and the grading pages: one query key for
 * both (issue 22). */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page, V1Schemas } from "@/lib/api/types";

export type Batch = V1Schemas["BatchOut"];

export interface BatchListQuery extends ListQuery {
  preset_id?: number;
  /** upcoming | open | ended */
  state?: string;
}

export const batchKeys = {
  all: ["batches"] as const,
  lists: () => [...batchKeys.all, "list"] as const,
  list: (query: BatchListQuery) => [...batchKeys.lists(), query] as const,
  detail: (id: number) => [...batchKeys.all, "detail", id] as const,
};

/** One batch with its test, window and slot figures; 404 for another organization's. */
export function getBatch(id: number): Promise<Batch> {
  return api<Batch>(`/api/v1/batches/${id}`);
}

/** Disabled until `id` is a positive id. */
export const batchQuery = (id: number | null) =>
  queryOptions({
    queryKey: batchKeys.detail(id ?? 0),
    queryFn: () => getBatch(id ?? 0),
    enabled: id !== null && Number.isFinite(id) && id > 0,
  });

/** GET /api/v1/batches: batches across the organization's tests with their slot figures
 * (order_by starts_at, expires_at, name, available, preset_name). */
export function listBatches(query: BatchListQuery): Promise<Page<Batch>> {
  return api<Page<Batch>>("/api/v1/batches", { query: { ...query } });
}

export const batchListQuery = (query: BatchListQuery) =>
  queryOptions({
    queryKey: batchKeys.list(query),
    queryFn: () => listBatches(query),
    placeholderData: keepPreviousData,
  });
