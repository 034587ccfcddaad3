import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionKeys, stimulusKeys } from "./keys";

/** DELETE /api/v1/stimuli/{id}: a never-published shared stimulus (its author only: 403
 * otherwise; 409 once published; the API client toasts failures); its questions stay, alone. */
export function deleteStimulus(id: number): Promise<object> {
  return api<object>(`/api/v1/stimuli/${id}`, { method: "DELETE" });
}

export function useDeleteStimulus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStimulus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stimulusKeys.all }),
        queryClient.invalidateQueries({ queryKey: questionKeys.all }),
      ]),
  });
}
