import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { SurveyUserPage } from "./types";

/** GET /api/v1/survey-users/my-list?page=1&limit=5&order_by=-created_at&status=in_progress: the
 * newest in-progress survey's survey_id (the user_survey_id the overview route takes), or null
 * (spec §2 "Ongoing-survey prompt"). Failures are not the user's business here: silent, null. */
export async function getOngoingSurveyId(): Promise<number | null> {
  try {
    const page = await api<SurveyUserPage>("/api/v1/survey-users/my-list", {
      query: { page: 1, limit: 5, order_by: "-created_at", status: "in_progress" },
      silent: true,
    });
    return page.items[0]?.survey_id ?? null;
  } catch {
    return null;
  }
}

/** Asked again after every navigation, so never fresh. */
export const ongoingSurveyQuery = () =>
  queryOptions({ queryKey: ["survey-users", "ongoing"], queryFn: getOngoingSurveyId, staleTime: 0 });
