/** The learner's own surveys ("survey-users"): their query keys, and POST /api/v1/survey-users
 * (take a free survey), used by the surveys pages and by a survey's marketplace page (issue 19:
 * the free survey's listing offers to take it). The reads stay in `features/surveys/api`. */
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";
import type { V1Schemas } from "@/lib/api/types";

import type { SurveyListQuery } from "./surveys";

export type SurveyUser = V1Schemas["SurveyUserOut"];

/** The learner's surveys: the list, one survey, its statements and its scores. */
export const surveyUserKeys = {
  all: ["survey-users"] as const,
  lists: () => [...surveyUserKeys.all, "list"] as const,
  list: (query: SurveyListQuery) => [...surveyUserKeys.lists(), query] as const,
  available: () => [...surveyUserKeys.all, "available"] as const,
  detail: (id: number) => [...surveyUserKeys.all, "detail", id] as const,
  overview: (id: number) => [...surveyUserKeys.all, "overview", id] as const,
  questions: (id: number) => [...surveyUserKeys.all, "questions", id] as const,
  score: (id: number) => [...surveyUserKeys.all, "score", id] as const,
  suitable: (id: number) => [...surveyUserKeys.all, "suitable", id] as const,
};

/** POST /api/v1/users/register-pandai-survey: open the current learner's career-survey account
 * (idempotent; spec §6). Returns the current user with `has_pandai_survey_account` set. */
export function registerSurveyAccount({ silent = false } = {}): Promise<CurrentUser> {
  return api<CurrentUser>("/api/v1/users/register-pandai-survey", { method: "POST", silent });
}

/** Which free survey to take: one listed on the marketplace, or one linked to a test the learner
 * holds. */
export type SurveySource = { listing_id: number } | { test_enrollment_id: number; survey_id: number };

/** POST /api/v1/survey-users: take a free survey; the learner's existing one is answered again
 * (idempotent). The learner's survey account is opened first when it does not exist yet (the
 * server refuses with `survey_account_required` otherwise). */
export async function takeSurvey({
  source,
  hasAccount,
}: {
  source: SurveySource;
  hasAccount: boolean;
}): Promise<SurveyUser> {
  // Silent: both pages that take a survey show the refusal in place (the consent gate's own
  // message among them, issue 37 item 3), so no toast repeats it.
  if (!hasAccount) await registerSurveyAccount({ silent: true });
  return api<SurveyUser>("/api/v1/survey-users", { method: "POST", body: source, silent: true });
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
