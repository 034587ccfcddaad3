import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

import { questionKeys } from "./keys";

export type QuestionItemAnalysis = V1Schemas["QuestionItemAnalysisOut"];
export type ItemAppearance = V1Schemas["ItemAppearanceOut"];

/** GET /api/v1/questions/{id}/item-analysis: the figures of the question and of its other
 * versions in every stored item analysis (a batch, or a test overall), newest first, with the
 * flag thresholds (issue 19, section 2; decision 0017). */
export function getQuestionItemAnalysis(id: number): Promise<QuestionItemAnalysis> {
  return api<QuestionItemAnalysis>(`/api/v1/questions/${id}/item-analysis`);
}

export const questionItemAnalysisQuery = (id: number) =>
  queryOptions({ queryKey: questionKeys.itemAnalysis(id), queryFn: () => getQuestionItemAnalysis(id) });

/** `id` null: nothing to read (a new question or a copy). */
export function useQuestionItemAnalysis(id: number | null) {
  return useQuery({ ...questionItemAnalysisQuery(id ?? 0), enabled: id !== null });
}
