import { api } from "@/lib/api-client";
import type { CurrentUser } from "@/lib/auth/types";

/** POST /api/v1/users/register-pandai-survey: open the current learner's career-survey account
 * (idempotent; spec §6). Returns the current user with `has_pandai_survey_account` set. */
export function registerSurveyAccount(): Promise<CurrentUser> {
  return api<CurrentUser>("/api/v1/users/register-pandai-survey", { method: "POST" });
}
