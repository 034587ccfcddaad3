import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { questionFileKeys, type CandidateQuery } from "./keys";
import type { FileCandidate } from "./types";

/** GET /api/v1/question-files/{id}/candidates: one page of the questions read from the file, in
 * its order (`Page<CandidateOut>`); `attention`: only those with a problem. */
export function getFileCandidates(id: string, query: CandidateQuery): Promise<Page<FileCandidate>> {
  return api<Page<FileCandidate>>(`/api/v1/question-files/${id}/candidates`, { query: { ...query } });
}

export const fileCandidatesQuery = (id: string, query: CandidateQuery) =>
  queryOptions({
    queryKey: questionFileKeys.candidates(id, query),
    queryFn: () => getFileCandidates(id, query),
  });

export function useFileCandidates(id: string | null, query: CandidateQuery) {
  return useQuery({
    ...fileCandidatesQuery(id ?? "", query),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
