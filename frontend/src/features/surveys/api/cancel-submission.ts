import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";

/** POST /api/v1/surveys/submissions/{id}/cancel: an educator cancels a learner's unfinished
 * survey (409 `invalid_transition` when it is final). */
export function cancelSubmission(userSurveyId: number): Promise<unknown> {
  return api(`/api/v1/surveys/submissions/${userSurveyId}/cancel`, { method: "POST", silent: true });
}

export function useCancelSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}
