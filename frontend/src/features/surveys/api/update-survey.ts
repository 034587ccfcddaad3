import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";
import { surveyQuery } from "./get-survey";
import type { SurveyDetail, SurveyInput } from "./types";

/** PUT /api/v1/surveys/{id}: 400 field errors go on the form (silent); 409 `survey_locked`
 * once statements can no longer be added, removed or regrouped. */
export function updateSurvey({ id, body }: { id: number; body: SurveyInput }): Promise<SurveyDetail> {
  return api<SurveyDetail>(`/api/v1/surveys/${id}`, { method: "PUT", body, silent: true });
}

export function useUpdateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyQuery(survey.id).queryKey, survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
}
