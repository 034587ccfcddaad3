import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { jobPollInterval } from "@/lib/job-poll";

import { ANALYTICS_KEY, type ExportJob } from "./types";

/** GET /api/v1/transaction/analytics/exports/{id}: a background export's status and progress. */
export function getExportJob(id: string): Promise<ExportJob> {
  return api<ExportJob>(`/api/v1/transaction/analytics/exports/${id}`);
}

export const exportJobQuery = (id: string) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, "export", id], queryFn: () => getExportJob(id) });

/** Polls every second while the job is queued or running; stops once it is done or failed (also
 * when the server failed it because its worker died) or a poll failed (`jobPollInterval`). */
export function useExportJob(id: string | null) {
  return useQuery({
    ...exportJobQuery(id ?? ""),
    enabled: id !== null,
    refetchInterval: jobPollInterval,
  });
}
