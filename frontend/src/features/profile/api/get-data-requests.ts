import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type DataRequests = V1Schemas["DataRequestsOut"];
export type DataExport = V1Schemas["ExportOut"];
export type DataDeletion = V1Schemas["DeletionOut"];

/** GET /api/v1/data-requests: the latest copy of the user's data and the scheduled deletion of
 * the account (issue 24, item 5). */
export function getDataRequests(): Promise<DataRequests> {
  return api<DataRequests>("/api/v1/data-requests");
}

export const dataRequestsQuery = () =>
  queryOptions({ queryKey: ["data-requests"], queryFn: getDataRequests });

/** True while the copy is being written: the section polls until it is ready or failed. */
export function exportInProgress(data: DataRequests | undefined): boolean {
  const status = data?.export?.status;
  return status === "queued" || status === "running";
}

/** Polls every second while a copy is queued or running (stops on an error). */
export function useDataRequests() {
  return useQuery({
    ...dataRequestsQuery(),
    refetchInterval: (query) => (exportInProgress(query.state.data) && !query.state.error ? 1000 : false),
  });
}
