import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { jobPollInterval } from "@/lib/job-poll";

import type { ImportJob, ImportJobReport } from "./types";

/** GET /api/v1/import-jobs/{id}: a background import's status, progress and, once done, its
 * report (issue 16 item 8). Silent: the dialog shows what went wrong. */
export function getImportJob<Report extends ImportJobReport>(id: string): Promise<ImportJob<Report>> {
  return api<ImportJob<Report>>(`/api/v1/import-jobs/${id}`, { silent: true });
}

export const importJobQuery = <Report extends ImportJobReport>(id: string) =>
  queryOptions({ queryKey: ["import-jobs", id], queryFn: () => getImportJob<Report>(id) });

/** Polls every second while the job is queued or running; stops once it is done or failed (also
 * when the server failed it because its worker died) or a poll failed (`jobPollInterval`). */
export function useImportJob<Report extends ImportJobReport>(id: string | null) {
  return useQuery({
    ...importJobQuery<Report>(id ?? ""),
    enabled: id !== null,
    refetchInterval: jobPollInterval,
  });
}
