import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { questionKeys, type QuestionQuery } from "./keys";
import type { QuestionRow } from "./types";

/** GET /api/v1/questions: one page of question rows (`Page<QuestionRowOut>`, no key or full
 * content) of `bank_id`, filtered by status, type, grade, subject_id, difficulty, cluster_id and a
 * `search` in the stems. */
export function getQuestions(query: QuestionQuery): Promise<Page<QuestionRow>> {
  return api<Page<QuestionRow>>("/api/v1/questions", { query: { ...query } });
}

export const questionsQuery = (query: QuestionQuery) =>
  queryOptions({ queryKey: questionKeys.list(query), queryFn: () => getQuestions(query) });

export function useQuestions(query: QuestionQuery) {
  return useQuery({ ...questionsQuery(query), placeholderData: keepPreviousData });
}
