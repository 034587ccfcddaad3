import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { SurveyUser } from "./types";

/** POST /api/v1/surveys/submissions/{id}/start: start or resume (409 with the reason: already
 * completed, not open, expired, ended, cancelled, no questions). The page shows the failure
 * itself ("Failed to start the survey"), so the call is silent. */
export function startSurvey(id: number): Promise<SurveyUser> {
  return api<SurveyUser>(`/api/v1/surveys/submissions/${id}/start`, { method: "POST", silent: true });
}

export function useStartSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyUserKeys.all }),
  });
}
