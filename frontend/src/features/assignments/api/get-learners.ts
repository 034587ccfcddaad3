import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Learner, Page } from "./types";

export interface LearnerQuery {
  page: number;
  limit: number;
  search?: string;
}

/** GET /api/v1/users/profile/list?role=LEARNER&status=active (spec section 7): the
 * organization's active learners, by name, for the direct-assignment form. */
export function getLearners(query: LearnerQuery): Promise<Page<Learner>> {
  return api<Page<Learner>>("/api/v1/users/profile/list", {
    query: { ...query, role: "LEARNER", status: "active", order_by: "name" },
  });
}

export const learnersQuery = (query: LearnerQuery) =>
  queryOptions({
    queryKey: ["assignments", "learners", query],
    queryFn: () => getLearners(query),
    placeholderData: keepPreviousData,
  });

export function useLearners(query: LearnerQuery) {
  return useQuery(learnersQuery(query));
}
