import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";
import { surveyQuery } from "./get-survey";
import type { SurveyDetail } from "./types";

/** POST /api/v1/surveys/{id}/end: a published survey ends now; unfinished submissions become ended. */
export function endSurvey(id: number): Promise<SurveyDetail> {
  return api<SurveyDetail>(`/api/v1/surveys/${id}/end`, { method: "POST", silent: true });
}

export function useEndSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyQuery(survey.id).queryKey, survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
}
