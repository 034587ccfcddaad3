import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import { jobPollInterval } from "@/lib/job-poll";

import { questionKeys } from "./keys";

export type KeyCorrectionDetail = V1Schemas["KeyCorrectionDetailOut"];
export type KeyCorrectionRow = V1Schemas["KeyCorrectionRowOut"];

/** GET /api/v1/key-corrections/{id}: one key correction with each attempt's scores before and
 * after, released, told and done (decision 0058). Polled every second while it re-scores. */
export function getKeyCorrection(id: number): Promise<KeyCorrectionDetail> {
  return api<KeyCorrectionDetail>(`/api/v1/key-corrections/${id}`);
}

export const keyCorrectionQuery = (id: number) =>
  queryOptions({
    queryKey: questionKeys.keyCorrection(id),
    queryFn: () => getKeyCorrection(id),
    refetchInterval: jobPollInterval,
  });

/** `id` null: nothing to read (the details are closed). */
export function useKeyCorrection(id: number | null) {
  return useQuery({ ...keyCorrectionQuery(id ?? 0), enabled: id !== null });
}
