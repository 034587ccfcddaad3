import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { storeQuestion } from "./store-question";
import type { Question } from "./types";

export type QuestionAction = "submit" | "approve" | "reject" | "publish";

/** POST /api/v1/questions/{id}/{submit|approve|reject|publish} (`{comment}`, required to
 * reject): the question in its next status (`QuestionOut`). 400 with field errors when an
 * incomplete question is submitted; 409 when the status does not allow the step; 403 when the
 * author approves their own. Silent: the page toasts the failure. */
export function questionAction({
  id,
  action,
  comment = "",
}: {
  id: number;
  action: QuestionAction;
  comment?: string;
}): Promise<Question> {
  return api<Question>(`/api/v1/questions/${id}/${action}`, {
    method: "POST",
    body: { comment },
    silent: true,
  });
}

export function useQuestionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: questionAction,
    onSuccess: (next) => storeQuestion(queryClient, next),
  });
}
