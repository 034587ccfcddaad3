import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionFileKeys } from "./keys";
import type { QuestionFile } from "./types";

/** GET /api/v1/question-files/{id}: the caller's uploaded file (`QuestionFileOut`): `status`
 * `reading`, `failed`, `ready`, `importing` or `imported`, the counts of its questions and its
 * two jobs with their progress. 404 for anyone else's. */
export function getQuestionFile(id: string): Promise<QuestionFile> {
  return api<QuestionFile>(`/api/v1/question-files/${id}`);
}

export const questionFileQuery = (id: string) =>
  queryOptions({ queryKey: questionFileKeys.detail(id), queryFn: () => getQuestionFile(id) });

/** Polls every second while the file is read or imported. */
export function useQuestionFile(id: string | null) {
  return useQuery({
    ...questionFileQuery(id ?? ""),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return (status === "reading" || status === "importing") && !query.state.error ? 1000 : false;
    },
  });
}
