import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionKeys } from "./keys";
import type { Question } from "./types";

/** GET /api/v1/questions/{id}: the full question (`QuestionOut`: content, answer key, matrix and
 * the `missing` list of what it lacks before it can be submitted); 404 when not found. */
export function getQuestion(id: number): Promise<Question> {
  return api<Question>(`/api/v1/questions/${id}`);
}

export const questionQuery = (id: number) =>
  queryOptions({ queryKey: questionKeys.detail(id), queryFn: () => getQuestion(id) });

/** `id` null: a new question, nothing to read. */
export function useQuestion(id: number | null) {
  return useQuery({ ...questionQuery(id ?? 0), enabled: id !== null });
}
