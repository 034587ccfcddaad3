import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { takeTestKeys } from "./keys";
import type { Preparation } from "./types";

/** GET /api/v1/take-test/{enrollment_id}: the test, its window (UTC), camera rules, the video
 * limits, whether it can start now, attempts and the server's clock. Errors shown inline. */
export function getPreparation(enrollmentId: number): Promise<Preparation> {
  return api<Preparation>(`/api/v1/take-test/${enrollmentId}`, { silent: true });
}

export const preparationQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: takeTestKeys.preparation(enrollmentId),
    queryFn: () => getPreparation(enrollmentId),
  });

export function usePreparation(enrollmentId: number) {
  return useQuery({ ...preparationQuery(enrollmentId), refetchOnWindowFocus: false });
}
