/** GET /api/v1/test-presets and /api/v1/test-presets/{id}, read by the test-preset pages and by the assignment and grading
 * pages about one test: one query key for all of them, so that a change made on one page
 * refreshes the others (issue 22). Keys under `testPresetKeys.all` belong to the test presets. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page, V1Schemas } from "@/lib/api/types";

export type Preset = V1Schemas["PresetOut"];
export type PresetRow = V1Schemas["PresetRowOut"];

export interface PresetListQuery extends ListQuery {
  /** draft | pending | approved | rejected | published (spec §7) */
  status?: string;
  /** Only the tests in this test bank (issue 19). */
  test_bank_id?: number;
}

export const testPresetKeys = {
  all: ["test-presets"] as const,
  lists: () => [...testPresetKeys.all, "list"] as const,
  list: (query: PresetListQuery) => [...testPresetKeys.lists(), query] as const,
  detail: (id: number) => [...testPresetKeys.all, "detail", id] as const,
  form: (id: number) => [...testPresetKeys.all, "form", id] as const,
};

/** Every field, the blueprint, status, review comment and batches (with slot figures); 404 for
 * another organization's. */
export function getPreset(id: number): Promise<Preset> {
  return api<Preset>(`/api/v1/test-presets/${id}`);
}

/** Disabled until `id` is a positive id. */
export const presetQuery = (id: number | null) =>
  queryOptions({
    queryKey: testPresetKeys.detail(id ?? 0),
    queryFn: () => getPreset(id ?? 0),
    enabled: id !== null && id > 0,
  });

/** GET /api/v1/test-presets: one page of the organization's presets (order_by name, updated_at,
 * created_at, grade, ends_at). */
export function listPresets(query: PresetListQuery): Promise<Page<PresetRow>> {
  return api<Page<PresetRow>>("/api/v1/test-presets", { query: { ...query } });
}

export const presetListQuery = (query: PresetListQuery) =>
  queryOptions({
    queryKey: testPresetKeys.list(query),
    queryFn: () => listPresets(query),
    placeholderData: keepPreviousData,
  });
