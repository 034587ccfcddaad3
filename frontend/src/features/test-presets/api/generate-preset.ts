import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api, ApiError } from "@/lib/api-client";

import { presetChanged } from "./preset-changed";
import type { Preset, Shortfall } from "./types";

/** POST /api/v1/test-presets/{id}/generate: draws (or redraws) the form from the blueprint.
 * 400 `generation_failed` carries `shortfalls`, shown as a list by the caller (silent). */
export function generatePreset(id: number): Promise<Preset> {
  return api<Preset>(`/api/v1/test-presets/${id}/generate`, { method: "POST", body: {}, silent: true });
}

/** The short blueprint items of a failed generation, or null for any other error. */
export function shortfallsOf(error: unknown): Shortfall[] | null {
  if (!(error instanceof ApiError) || error.code !== "generation_failed") return null;
  const rows = error.body.shortfalls;
  return Array.isArray(rows) ? (rows as Shortfall[]) : [];
}

export function useGeneratePreset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generatePreset(id),
    onSuccess: (preset) => presetChanged(queryClient, id, { preset, form: true }),
  });
}
