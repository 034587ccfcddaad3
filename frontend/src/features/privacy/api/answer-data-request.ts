import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { CorrectionAnswer, OrgDataRequest } from "./types";

/** POST /api/v1/organization/data-requests/{id}/answer `{outcome, answer}` (issue 37, item 8):
 * corrected or refused (a refusal needs the answer: `validation_error` on `answer`); silent, the
 * dialog shows the refusal (`request_already_answered`, 404) above its buttons. */
export function answerDataRequest(id: string, body: CorrectionAnswer): Promise<OrgDataRequest> {
  return api<OrgDataRequest>(`/api/v1/organization/data-requests/${id}/answer`, {
    method: "POST",
    body,
    silent: true,
  });
}

export function useAnswerDataRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionAnswer) => answerDataRequest(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["privacy", "data-requests"] }),
  });
}
