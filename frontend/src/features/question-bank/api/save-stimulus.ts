import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { storeStimulus } from "./store-stimulus";
import type { Stimulus, StimulusInput } from "./types";

/** POST /api/v1/stimuli (a new shared stimulus; `bank_id` in the body) or PUT
 * /api/v1/stimuli/{id} (`StimulusIn`; saving a published one opens the group's next version, a
 * draft, and answers that). 400 `validation_error` with field errors (`content.body`,
 * `content.title.vi`, `grade`...); 409 `stimulus_locked`. Silent: the form shows the errors. */
export function saveStimulus({ id, body }: { id: number | null; body: StimulusInput }): Promise<Stimulus> {
  return id === null
    ? api<Stimulus>("/api/v1/stimuli", { method: "POST", body, silent: true })
    : api<Stimulus>(`/api/v1/stimuli/${id}`, { method: "PUT", body, silent: true });
}

export function useSaveStimulus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStimulus, onSuccess: (saved) => storeStimulus(queryClient, saved) });
}
