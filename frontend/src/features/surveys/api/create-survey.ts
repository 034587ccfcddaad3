import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";
import { surveyQuery } from "./get-survey";
import type { SurveyDetail } from "./types";

/** POST /api/v1/surveys: a new draft from the default content, or a copy of `copy_from`. */
export function createSurvey(body: { copy_from?: number | null; name?: string }): Promise<SurveyDetail> {
  return api<SurveyDetail>("/api/v1/surveys", { method: "POST", body });
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyQuery(survey.id).queryKey, survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
}
