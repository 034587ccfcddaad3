import { api } from "@/lib/api-client";

interface SurveyUserPage {
  items: { survey_id: number }[];
}

/** The newest in-progress survey of the user (spec §2 "Ongoing-survey prompt"): page 1, size 5,
 * newest first; the first item's survey_id, or null. */
export async function getOngoingSurveyId(): Promise<number | null> {
  try {
    const page = await api<SurveyUserPage>("/api/v1/survey-users/my-list", {
      query: { page: 1, limit: 5, order_by: "-created_at", status: "in_progress" },
    });
    return page.items[0]?.survey_id ?? null;
  } catch {
    return null;
  }
}
