/** GET /api/v1/surveys/list (spec §7), read by the survey pages and the test preset's "linked
 * surveys" picker: one query key (issue 22). Management is refused with 403
 * `survey_management_disabled` when the SuperAdmin has not allowed it. The session's user says
 * so beforehand (`survey_management`), and the pages then ask nothing (issue 38 item 6); both
 * still explain a refusal in place (allowed no more since the page loaded), so the call is
 * silent (no toast) and not retried. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page, V1Schemas } from "@/lib/api/types";
import { useAuthorized } from "@/lib/auth/get-authorized";

export type SurveyRow = V1Schemas["SurveyRowOut"];

export interface SurveyListQuery extends ListQuery {
  /** draft | published | archived */
  status?: string;
}

export const surveyKeys = {
  all: ["surveys"] as const,
  lists: () => [...surveyKeys.all, "list"] as const,
  list: (query: SurveyListQuery) => [...surveyKeys.lists(), query] as const,
};

export function listSurveys(query: SurveyListQuery): Promise<Page<SurveyRow>> {
  return api<Page<SurveyRow>>("/api/v1/surveys/list", { query: { ...query }, silent: true });
}

export const surveyListQuery = (query: SurveyListQuery) =>
  queryOptions({
    queryKey: surveyKeys.list(query),
    queryFn: () => listSurveys(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Whether the current profile may manage surveys, as the session's user says (the server's rule,
 * `Profile.manages_surveys`): `undefined` until the session is read. Survey management calls are
 * made only when it is `true`. */
export function useSurveyManagement(): boolean | undefined {
  return useAuthorized().data?.user.survey_management;
}
