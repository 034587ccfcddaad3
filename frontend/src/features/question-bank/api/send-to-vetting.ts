import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionKeys } from "./keys";
import { storeQuestion } from "./store-question";
import type { Question } from "./types";

/** POST /api/v1/questions/{id}/send-to-vetting (`{comment}`, optional): the question's next
 * version, submitted, with the figures and the comment as the note of that step (`QuestionOut`).
 * 409 `item_analysis_missing`, `question_not_published`, `question_locked` (with
 * `open_version_id`). Silent: the dialog shows the refusal. */
export function sendToVetting({ id, comment }: { id: number; comment: string }): Promise<Question> {
  return api<Question>(`/api/v1/questions/${id}/send-to-vetting`, {
    method: "POST",
    body: { comment },
    silent: true,
  });
}

export function useSendToVetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToVetting,
    onSuccess: async (next, { id }) => {
      await storeQuestion(queryClient, next);
      await queryClient.invalidateQueries({ queryKey: questionKeys.itemAnalysis(id) });
    },
  });
}
