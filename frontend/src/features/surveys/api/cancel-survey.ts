import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";
import { surveyQuery } from "./get-survey";
import type { SurveyDetail } from "./types";

/** POST /api/v1/surveys/{id}/cancel: a draft or published survey is cancelled; unfinished submissions become cancelled. */
export function cancelSurvey(id: number): Promise<SurveyDetail> {
  return api<SurveyDetail>(`/api/v1/surveys/${id}/cancel`, { method: "POST", silent: true });
}

export function useCancelSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyQuery(survey.id).queryKey, survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
}
