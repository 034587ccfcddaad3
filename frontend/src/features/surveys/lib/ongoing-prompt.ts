/** When the ongoing-survey prompt asks (spec §2 "Ongoing-survey prompt" and §6): after a
 * navigation outside the survey, landing, login, signup and 426 (unsupported) routes, and only
 * for a LEARNER whose survey account is set (`has_pandai_survey_account`). */
const EXCLUDED = [
  /^\/survey(\/|$)/,
  /^\/$/,
  /^\/v1\/?$/,
  /^\/login(\/|$)/,
  /^\/signup/,
  /^\/unsupported(\/|$)/,
];

export interface PromptUser {
  pandai_profile_role: string;
  has_pandai_survey_account: boolean;
}

export function isExcludedRoute(pathname: string): boolean {
  return EXCLUDED.some((pattern) => pattern.test(pathname));
}

export function shouldAskOngoingSurvey(pathname: string, user: PromptUser | null | undefined): boolean {
  if (!user || user.pandai_profile_role !== "LEARNER" || !user.has_pandai_survey_account) return false;
  return !isExcludedRoute(pathname);
}
