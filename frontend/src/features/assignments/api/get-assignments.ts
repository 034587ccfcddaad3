import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Assignment, Page } from "./types";

export interface AssignmentQuery {
  page: number;
  limit: number;
  search?: string;
  /** created_at, learner_name, status, due_at, batch_starts_at; "-" descends. */
  order_by?: string;
  preset_id?: number;
  batch_id?: number;
  status?: string;
  source?: string;
}

/** GET /api/v1/assignments: the takers of the organization's tests (revoked ones only when
 * `status=revoked`). */
export function getAssignments(query: AssignmentQuery): Promise<Page<Assignment>> {
  return api<Page<Assignment>>("/api/v1/assignments", { query: { ...query } });
}

export const assignmentsKey = ["assignments", "list"] as const;

export const assignmentsQuery = (query: AssignmentQuery) =>
  queryOptions({
    queryKey: [...assignmentsKey, query],
    queryFn: () => getAssignments(query),
    placeholderData: keepPreviousData,
  });

export function useAssignments(query: AssignmentQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assignmentsQuery(query), enabled });
}
