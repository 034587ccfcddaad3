import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { ANALYTICS_KEY, type ExportJob } from "./types";

/** GET /api/v1/transaction/analytics/exports/{id}: a background export's status and progress. */
export function getExportJob(id: string): Promise<ExportJob> {
  return api<ExportJob>(`/api/v1/transaction/analytics/exports/${id}`);
}

export const exportJobQuery = (id: string) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, "export", id], queryFn: () => getExportJob(id) });

/** Polls every second until the job is done or failed. */
export function useExportJob(id: string | null) {
  return useQuery({
    ...exportJobQuery(id ?? ""),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : 1000;
    },
  });
}
