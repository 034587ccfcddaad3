import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { LearnerActivity } from "./types";

/** GET /api/v1/organization/members/{id}/activity: a learner's assignments (latest attempt's
 * score, result and release) and survey submissions in the organization, newest first (survey
 * names in the request's language). 404 for an id that is not a learner of the organization. */
export function getMemberActivity(id: number): Promise<LearnerActivity> {
  return api<LearnerActivity>(`/api/v1/organization/members/${id}/activity`);
}

export const activityKey = ["people", "activity"] as const;

export const memberActivityQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: [...activityKey, id, language],
    queryFn: () => getMemberActivity(id),
    staleTime: 0,
  });

export function useMemberActivity(id: number | null, language: string) {
  return useQuery({ ...memberActivityQuery(id ?? 0, language), enabled: id !== null });
}
