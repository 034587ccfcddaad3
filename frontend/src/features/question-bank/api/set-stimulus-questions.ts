import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { storeStimulus } from "./store-stimulus";
import type { Stimulus } from "./types";

/** PUT /api/v1/stimuli/{id}/questions (`{question_ids}` in their order): the stimulus with its
 * questions (`StimulusOut`). 400 naming `question_ids.N` (another bank, another stimulus, a status
 * that cannot join), 409 `stimulus_locked` unless a draft or rejected. Silent: the page toasts. */
export function setStimulusQuestions({
  id,
  questionIds,
}: {
  id: number;
  questionIds: number[];
}): Promise<Stimulus> {
  return api<Stimulus>(`/api/v1/stimuli/${id}/questions`, {
    method: "PUT",
    body: { question_ids: questionIds },
    silent: true,
  });
}

export function useSetStimulusQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStimulusQuestions,
    onSuccess: (next) => storeStimulus(queryClient, next),
  });
}
