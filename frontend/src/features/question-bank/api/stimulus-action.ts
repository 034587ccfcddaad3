import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { QuestionAction } from "./question-action";
import { storeStimulus } from "./store-stimulus";
import type { Stimulus } from "./types";

/** POST /api/v1/stimuli/{id}/{submit|approve|reject|publish} (`{comment}`, required to reject):
 * the stimulus and every question of it in the next status (`StimulusOut`). 400
 * `stimulus_incomplete` (the group's missing items as field errors) or `matrix_incomplete`; 409
 * when the status does not allow the step; 403 `own_question` for a reviewer who wrote the
 * stimulus or one of its questions. Silent: the page toasts the failure. */
export function stimulusAction({
  id,
  action,
  comment = "",
}: {
  id: number;
  action: QuestionAction;
  comment?: string;
}): Promise<Stimulus> {
  return api<Stimulus>(`/api/v1/stimuli/${id}/${action}`, {
    method: "POST",
    body: { comment },
    silent: true,
  });
}

export function useStimulusAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: stimulusAction, onSuccess: (next) => storeStimulus(queryClient, next) });
}
