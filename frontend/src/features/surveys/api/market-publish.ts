import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";
import type { MarketListing } from "./types";

export interface MarketPublishInput {
  id: number;
  /** VND; "" = the full report is not offered; 0 = free. */
  priceSurveyReport: string;
  description: string;
  cover: File | null;
}

/** POST /api/v1/surveys/{id}/market-publish (multipart: cover image, price_survey_report,
 * description): lists the survey on the marketplace or updates its listing. Taking the survey is
 * free. Errors are shown in the dialog (silent). */
export function marketPublish({ id, priceSurveyReport, description, cover }: MarketPublishInput) {
  const form = new FormData();
  form.set("price_survey_report", priceSurveyReport);
  form.set("description", description);
  if (cover) form.set("cover", cover);
  return api<MarketListing>(`/api/v1/surveys/${id}/market-publish`, {
    method: "POST",
    body: form,
    silent: true,
  });
}

export function useMarketPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marketPublish,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}
