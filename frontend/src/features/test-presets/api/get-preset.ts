import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Preset } from "./types";

/** GET /api/v1/test-presets/{id}: every field, the blueprint, status, review comment, batches. */
export function getPreset(id: number): Promise<Preset> {
  return api<Preset>(`/api/v1/test-presets/${id}`);
}

export const presetQuery = (id: number) =>
  queryOptions({ queryKey: ["test-presets", "detail", id], queryFn: () => getPreset(id) });

export function usePreset(id: number | null) {
  return useQuery({ ...presetQuery(id ?? 0), enabled: id !== null });
}
