import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { MyAssignment, Page } from "./types";

export interface MyListQuery {
  page: number;
  limit: number;
  search?: string;
  status?: string;
  order_by?: string;
}

/** GET /api/v1/assignment-users/my-list: the learner's assignments across organizations
 * (page, limit, search, status, order_by). */
export function getMyAssignments(query: MyListQuery): Promise<Page<MyAssignment>> {
  return api<Page<MyAssignment>>("/api/v1/assignment-users/my-list", { query: { ...query } });
}

export const myAssignmentsQuery = (query: MyListQuery) =>
  queryOptions({
    queryKey: ["my-assignments", "list", query],
    queryFn: () => getMyAssignments(query),
  });

export function useMyAssignments(query: MyListQuery) {
  return useQuery({ ...myAssignmentsQuery(query), placeholderData: keepPreviousData });
}
