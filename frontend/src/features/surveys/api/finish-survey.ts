import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { SurveyUser } from "./types";

/** POST /api/v1/surveys/submissions/{id}/finish: refused (409 `survey_unanswered`, the body's
 * `unanswered` lists them) while statements are unanswered. */
export function finishSurvey(id: number): Promise<SurveyUser> {
  return api<SurveyUser>(`/api/v1/surveys/submissions/${id}/finish`, { method: "POST", silent: true });
}

export function useFinishSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyUserKeys.all }),
  });
}
