import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";
import { surveyQuery } from "./get-survey";
import type { SurveyDetail } from "./types";

/** POST /api/v1/surveys/{id}/publish: draft -> published; 409 `survey_incomplete` lists what is missing in `errors.statements`. */
export function publishSurvey(id: number): Promise<SurveyDetail> {
  return api<SurveyDetail>(`/api/v1/surveys/${id}/publish`, { method: "POST", silent: true });
}

export function usePublishSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyQuery(survey.id).queryKey, survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
}
