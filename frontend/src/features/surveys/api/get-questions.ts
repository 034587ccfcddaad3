import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Questions } from "./types";

/** GET /api/v1/surveys/submissions/{id}/questions: the statements in the learner's stable
 * shuffled order with every saved answer, the scale, groups and progress. */
export function getQuestions(id: number): Promise<Questions> {
  return api<Questions>(`/api/v1/surveys/submissions/${id}/questions`, { silent: true });
}

export const questionsQuery = (id: number) =>
  queryOptions({
    queryKey: ["survey-users", "questions", id],
    queryFn: () => getQuestions(id),
    staleTime: Infinity,
  });

export function useQuestions(id: number) {
  return useQuery({ ...questionsQuery(id), retry: false });
}
