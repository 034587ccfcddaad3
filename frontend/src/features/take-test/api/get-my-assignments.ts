import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page } from "@/lib/api/types";

import { myAssignmentKeys } from "./keys";
import type { MyAssignment } from "./types";

export interface MyListQuery extends ListQuery {
  status?: string;
}

/** GET /api/v1/assignment-users/my-list: the learner's assignments across organizations
 * (page, limit, search, status, order_by). */
export function getMyAssignments(query: MyListQuery): Promise<Page<MyAssignment>> {
  return api<Page<MyAssignment>>("/api/v1/assignment-users/my-list", { query: { ...query } });
}

export const myAssignmentsQuery = (query: MyListQuery) =>
  queryOptions({
    queryKey: myAssignmentKeys.list(query),
    queryFn: () => getMyAssignments(query),
  });

export function useMyAssignments(query: MyListQuery) {
  return useQuery({ ...myAssignmentsQuery(query), placeholderData: keepPreviousData });
}
