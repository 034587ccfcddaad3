import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { stimulusKeys } from "./keys";
import type { Stimulus } from "./types";

/** GET /api/v1/stimuli/{id}: one version of a shared stimulus with its questions in order
 * (`StimulusOut`: `missing` lists what the group lacks before it can be submitted,
 * `open_version_id` the group's next version being edited); 404 when not found. */
export function getStimulus(id: number): Promise<Stimulus> {
  return api<Stimulus>(`/api/v1/stimuli/${id}`);
}

export const stimulusQuery = (id: number) =>
  queryOptions({ queryKey: stimulusKeys.detail(id), queryFn: () => getStimulus(id) });

/** `id` null: a new stimulus, nothing to read. */
export function useStimulus(id: number | null) {
  return useQuery({ ...stimulusQuery(id ?? 0), enabled: id !== null });
}
