import { queryOptions, useQuery } from "@tanstack/react-query";

import { type DataRequests, exportInProgress } from "@/components/data-copy/types";
import { api } from "@/lib/api-client";

/** GET /api/v1/data-requests: the latest copy of the user's data and the scheduled deletion of
 * the account (issue 24, item 5). */
export function getDataRequests(): Promise<DataRequests> {
  return api<DataRequests>("/api/v1/data-requests");
}

export const dataRequestsQuery = () =>
  queryOptions({ queryKey: ["data-requests"], queryFn: getDataRequests });

/** Polls every second while a copy is queued or running (stops on an error). */
export function useDataRequests() {
  return useQuery({
    ...dataRequestsQuery(),
    refetchInterval: (query) => (exportInProgress(query.state.data) && !query.state.error ? 1000 : false),
  });
}
