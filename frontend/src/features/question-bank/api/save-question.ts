import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { storeQuestion } from "./store-question";
import type { Question, QuestionInput } from "./types";

/** POST /api/v1/questions (a new question; `bank_id` in the body) or PUT /api/v1/questions/{id}
 * (`QuestionIn`; saving a published question makes a new draft version). A draft may be
 * incomplete but never invalid: 400 `validation_error` with field errors (`score_weight`,
 * `grade`, `content.options`, `answer_key.max_score`, ...). Answers `QuestionOut`. Silent: the
 * form shows the errors. */
export function saveQuestion({ id, body }: { id: number | null; body: QuestionInput }): Promise<Question> {
  return id === null
    ? api<Question>("/api/v1/questions", { method: "POST", body, silent: true })
    : api<Question>(`/api/v1/questions/${id}`, { method: "PUT", body, silent: true });
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: (saved) => storeQuestion(queryClient, saved),
  });
}
