import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page } from "@/lib/api/types";

import type { Assignment } from "./types";

export interface AssignmentQuery extends ListQuery {
  page: number;
  limit: number;
  /** created_at, learner_name, status, due_at, batch_starts_at; "-" descends. */
  order_by?: string;
  preset_id?: number;
  batch_id?: number;
  status?: string;
  source?: string;
}

/** Every query of the /assignment API (lists, overview, waiting lists) sits under
 * `assignmentKeys.all`, as does the shared `assignableTestKeys.all` ("assignments", "tests"). */
export const assignmentKeys = {
  all: ["assignments"] as const,
  lists: () => [...assignmentKeys.all, "list"] as const,
  list: (query: AssignmentQuery) => [...assignmentKeys.lists(), query] as const,
  overview: () => [...assignmentKeys.all, "overview"] as const,
  waitingList: (query: object) => [...assignmentKeys.all, "waiting-list", query] as const,
};

/** GET /api/v1/assignments: the takers of the organization's tests (revoked ones only when
 * `status=revoked`). */
export function getAssignments(query: AssignmentQuery): Promise<Page<Assignment>> {
  return api<Page<Assignment>>("/api/v1/assignments", { query: { ...query } });
}

export const assignmentsQuery = (query: AssignmentQuery) =>
  queryOptions({
    queryKey: assignmentKeys.list(query),
    queryFn: () => getAssignments(query),
    placeholderData: keepPreviousData,
  });

export function useAssignments(query: AssignmentQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assignmentsQuery(query), enabled });
}
