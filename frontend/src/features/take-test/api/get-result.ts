import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { takeTestKeys } from "./keys";
import type { Result } from "./types";

/** GET /api/v1/take-test/{enrollment_id}/result: before release only the status; once released
 * the score, pass or fail, the round's message and each answer against the key. 404 before the
 * test is started (shown inline). */
export function getResult(enrollmentId: number): Promise<Result> {
  return api<Result>(`/api/v1/take-test/${enrollmentId}/result`, { silent: true });
}

export const resultQuery = (enrollmentId: number) =>
  queryOptions({ queryKey: takeTestKeys.result(enrollmentId), queryFn: () => getResult(enrollmentId) });

export function useResult(enrollmentId: number, enabled = true) {
  return useQuery({ ...resultQuery(enrollmentId), enabled });
}
