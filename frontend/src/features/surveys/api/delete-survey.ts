import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";

/** DELETE /api/v1/surveys/{id}: a draft only (409 `invalid_transition` otherwise). */
export function deleteSurvey(id: number): Promise<unknown> {
  return api(`/api/v1/surveys/${id}`, { method: "DELETE", silent: true });
}

export function useDeleteSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.lists() }),
  });
}
