import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { assignmentKeys } from "./get-assignments";
import type { WaitingEntry } from "./types";

export interface WaitingQuery {
  preset_id: number;
  page: number;
  limit: number;
}

/** GET /api/v1/waiting-list?preset_id=: the test's waiting list in order of joining (waiting
 * and offered learners), with each one's position, offered batch and claim deadline. */
export function getWaitingList(query: WaitingQuery): Promise<Page<WaitingEntry>> {
  return api<Page<WaitingEntry>>("/api/v1/waiting-list", { query: { ...query } });
}

export const waitingListQuery = (query: WaitingQuery) =>
  queryOptions({
    queryKey: assignmentKeys.waitingList(query),
    queryFn: () => getWaitingList(query),
    placeholderData: keepPreviousData,
  });

export function useWaitingList(query: WaitingQuery) {
  return useQuery(waitingListQuery(query));
}
