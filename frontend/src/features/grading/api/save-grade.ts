import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { gradingKeys } from "@/lib/api/grading";

import { attemptKeys } from "./get-attempts";
import type { GradingRow } from "./types";

export interface GradeInput {
  answerId: number;
  score: string;
  comment: string;
}

/** PUT /api/v1/grading/{answer_id} {score, comment}: 400 `score` out of range, 409
 * `answer_not_gradable`. Silent: the editor shows the refusal inline. */
export function saveGrade({ answerId, score, comment }: GradeInput): Promise<GradingRow> {
  return api<GradingRow>(`/api/v1/grading/${answerId}`, {
    method: "PUT",
    body: { score, comment },
    silent: true,
  });
}

export function useSaveGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGrade,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gradingKeys.all });
      void queryClient.invalidateQueries({ queryKey: attemptKeys.all });
    },
  });
}
