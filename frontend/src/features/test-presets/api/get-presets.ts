import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { ListQuery, Page, PresetRow } from "./types";

/** GET /api/v1/test-presets: page, limit, search, status, order_by (name, updated_at,
 * created_at, grade, ends_at; "-" for descending). */
export function getPresets(query: ListQuery): Promise<Page<PresetRow>> {
  return api<Page<PresetRow>>("/api/v1/test-presets", { query: { ...query } });
}

export const presetsQuery = (query: ListQuery) =>
  queryOptions({ queryKey: ["test-presets", "list", query], queryFn: () => getPresets(query) });

export function usePresets(query: ListQuery) {
  return useQuery({ ...presetsQuery(query), placeholderData: keepPreviousData });
}
