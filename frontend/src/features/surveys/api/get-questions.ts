import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { measured } from "@/lib/server-clock";

import { surveyUserKeys } from "./keys";
import type { Questions } from "./types";

/** The statements with the server's clock offset, measured around this request (half its round
 * trip taken off): the time limit counts down on the server's clock. */
export type MeasuredQuestions = Questions & { clockOffsetMs: number };

/** GET /api/v1/surveys/submissions/{id}/questions: the statements in the learner's stable
 * shuffled order with every saved answer, the scale, groups, progress, the deadline and the
 * server's clock. */
export function getQuestions(id: number): Promise<MeasuredQuestions> {
  return measured(() => api<Questions>(`/api/v1/surveys/submissions/${id}/questions`, { silent: true }));
}

export const questionsQuery = (id: number) =>
  queryOptions({
    queryKey: surveyUserKeys.questions(id),
    queryFn: () => getQuestions(id),
    staleTime: Infinity,
  });

export function useQuestions(id: number) {
  return useQuery({ ...questionsQuery(id), retry: false });
}
