import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { attemptKeys } from "./get-attempts";
import type { AttemptDetail } from "./types";

/** GET /api/v1/attempts/{id}: the result, answers against the key, integrity log and video. */
export function getAttempt(id: number): Promise<AttemptDetail> {
  return api<AttemptDetail>(`/api/v1/attempts/${id}`);
}

export const attemptQuery = (id: number) =>
  queryOptions({ queryKey: attemptKeys.detail(id), queryFn: () => getAttempt(id) });

export function useAttempt(id: number) {
  return useQuery({ ...attemptQuery(id), enabled: Number.isFinite(id) && id > 0 });
}
