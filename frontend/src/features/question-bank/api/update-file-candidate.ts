import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionFileKeys } from "./keys";
import type { FileCandidate, FileCandidateInput } from "./types";

/** PATCH /api/v1/question-files/{id}/candidates/{candidateId}: fix a question with the question
 * form's fields (its rules: 400 `validation_error` with field errors) and/or skip it. Answers the
 * question with its problems recomputed. Silent: the dialog shows the errors. */
export function updateFileCandidate({
  fileId,
  candidateId,
  body,
}: {
  fileId: string;
  candidateId: number;
  body: FileCandidateInput;
}): Promise<FileCandidate> {
  return api<FileCandidate>(`/api/v1/question-files/${fileId}/candidates/${candidateId}`, {
    method: "PATCH",
    body,
    silent: true,
  });
}

export function useUpdateFileCandidate(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { candidateId: number; body: FileCandidateInput }) =>
      updateFileCandidate({ fileId, ...args }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: questionFileKeys.detail(fileId) });
    },
  });
}
