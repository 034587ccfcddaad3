import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { presetChanged } from "./preset-changed";
import type { Preset, PresetInput } from "./types";

/** POST /api/v1/test-presets or PUT /api/v1/test-presets/{id} (a draft or rejected preset;
 * 409 `preset_locked` once approved). 400 field errors go on the form (silent). */
export function savePreset({ id, body }: { id: number | null; body: PresetInput }): Promise<Preset> {
  return id === null
    ? api<Preset>("/api/v1/test-presets", { method: "POST", body, silent: true })
    : api<Preset>(`/api/v1/test-presets/${id}`, { method: "PUT", body, silent: true });
}

export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreset,
    onSuccess: (preset) => presetChanged(queryClient, preset.id, { preset, form: true }),
  });
}
