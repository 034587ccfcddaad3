import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { authorizedQuery } from "@/lib/auth/get-authorized";

import { surveyUserKeys } from "./keys";
import { registerSurveyAccount } from "./register-survey-account";
import type { AvailableSurvey, SurveyUser } from "./types";

/** POST /api/v1/survey-users: take a free survey (`listing_id`, or `test_enrollment_id` +
 * `survey_id`); the learner's survey account is opened first when it does not exist yet (the
 * server refuses with `survey_account_required` otherwise). */
export async function takeSurvey({
  survey,
  hasAccount,
}: {
  survey: AvailableSurvey;
  hasAccount: boolean;
}): Promise<SurveyUser> {
  if (!hasAccount) await registerSurveyAccount();
  const body =
    survey.source === "listing"
      ? { listing_id: survey.listing_id }
      : { test_enrollment_id: survey.test_enrollment_id, survey_id: survey.organization_survey_id };
  return api<SurveyUser>("/api/v1/survey-users", { method: "POST", body });
}

export function useTakeSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSurvey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: surveyUserKeys.all });
    },
  });
}
