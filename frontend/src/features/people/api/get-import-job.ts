import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { ImportJob } from "./types";

/** GET /api/v1/import-jobs/{id}: a background learner import's status, progress and, once done,
 * its report (issue 16 item 8). Silent: the dialog shows what went wrong. */
export function getImportJob(id: string): Promise<ImportJob> {
  return api<ImportJob>(`/api/v1/import-jobs/${id}`, { silent: true });
}

export const importJobQuery = (id: string) =>
  queryOptions({ queryKey: ["import-jobs", id], queryFn: () => getImportJob(id) });

/** Polls every second while the job is queued or running. */
export function useImportJob(id: string | null) {
  return useQuery({
    ...importJobQuery(id ?? ""),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" || query.state.error ? false : 1000;
    },
  });
}
