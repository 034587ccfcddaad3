import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Retention } from "./types";

/** GET /api/v1/privacy/retention: the organization's retention periods (the defaults until an
 * admin saves them) with the defaults and bounds the form checks (any educator may read). */
export function getRetention(): Promise<Retention> {
  return api<Retention>("/api/v1/privacy/retention");
}

export const retentionQuery = () =>
  queryOptions({ queryKey: ["privacy", "retention"], queryFn: getRetention });

export function useRetention() {
  return useQuery(retentionQuery());
}
