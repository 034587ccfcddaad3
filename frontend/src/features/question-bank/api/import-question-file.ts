import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionFileKeys } from "./keys";
import type { QuestionFile } from "./types";

/** POST /api/v1/question-files/{id}/import `{bank_id, folder_id}`: import every question neither
 * skipped nor blocked as a draft, the file's groups as folders below the chosen one. Answers 202
 * with the file `importing` (poll it). 400 `nothing_to_import`. Silent: the page shows it. */
export function importQuestionFile({
  fileId,
  bankId,
  folderId,
}: {
  fileId: string;
  bankId: number;
  folderId: number | null;
}): Promise<QuestionFile> {
  return api<QuestionFile>(`/api/v1/question-files/${fileId}/import`, {
    method: "POST",
    body: { bank_id: bankId, folder_id: folderId },
    silent: true,
  });
}

export function useImportQuestionFile(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { bankId: number; folderId: number | null }) =>
      importQuestionFile({ fileId, ...args }),
    onSuccess: (file) => queryClient.setQueryData(questionFileKeys.detail(fileId), file),
  });
}
