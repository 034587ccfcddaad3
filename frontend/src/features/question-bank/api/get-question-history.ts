import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionKeys } from "./keys";
import type { Transition } from "./types";

/** GET /api/v1/questions/{id}/history: the question's status changes, oldest first
 * (`TransitionOut[]`: version, actor, from/to status, comment). */
export function getQuestionHistory(id: number): Promise<Transition[]> {
  return api<Transition[]>(`/api/v1/questions/${id}/history`);
}

export const questionHistoryQuery = (id: number) =>
  queryOptions({ queryKey: questionKeys.history(id), queryFn: () => getQuestionHistory(id) });

/** `id` null: nothing to read (a new question or a copy). */
export function useQuestionHistory(id: number | null) {
  return useQuery({ ...questionHistoryQuery(id ?? 0), enabled: id !== null });
}
