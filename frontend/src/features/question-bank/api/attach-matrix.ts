import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { storeQuestion } from "./store-question";
import type { MatrixInput, Question } from "./types";

/** PUT /api/v1/questions/{id}/matrix (`MatrixIn`: topic, subtopic, complexity level, cognitive
 * domain ids): the question with its matrix (`QuestionOut`). 400 names each missing cluster and a
 * subtopic outside its topic; 409 for a published question. Silent: the page toasts it. */
export function attachMatrix({ id, body }: { id: number; body: MatrixInput }): Promise<Question> {
  return api<Question>(`/api/v1/questions/${id}/matrix`, { method: "PUT", body, silent: true });
}

export function useAttachMatrix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachMatrix,
    onSuccess: (next) => storeQuestion(queryClient, next),
  });
}
