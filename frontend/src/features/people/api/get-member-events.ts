import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { MembershipEvent } from "./types";

/** GET /api/v1/organization/members/{id}/events: the member's history, newest first (labels in
 * the request's language). */
export function getMemberEvents(id: number): Promise<MembershipEvent[]> {
  return api<MembershipEvent[]>(`/api/v1/organization/members/${id}/events`);
}

export const eventsKey = ["people", "events"] as const;

export const memberEventsQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: [...eventsKey, id, language],
    queryFn: () => getMemberEvents(id),
    staleTime: 0,
  });

export function useMemberEvents(id: number | null, language: string) {
  return useQuery({ ...memberEventsQuery(id ?? 0, language), enabled: id !== null });
}
