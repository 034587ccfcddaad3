import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { myAssignmentKeys } from "./keys";
import type { MyAssignment } from "./types";

/** GET /api/v1/assignment-users/{enrollment_id}: one of the learner's assignments (404 for
 * anyone else's; shown inline). */
export function getMyAssignment(enrollmentId: number): Promise<MyAssignment> {
  return api<MyAssignment>(`/api/v1/assignment-users/${enrollmentId}`, { silent: true });
}

export const myAssignmentQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: myAssignmentKeys.detail(enrollmentId),
    queryFn: () => getMyAssignment(enrollmentId),
  });

export function useMyAssignment(enrollmentId: number) {
  return useQuery(myAssignmentQuery(enrollmentId));
}
