import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Invitation, Page, PeopleRole } from "./types";

export interface InvitationQuery {
  role: PeopleRole;
  page: number;
  limit: number;
  search?: string;
  order_by?: string;
  status?: string;
}

/** GET /api/v1/organization/invitations: ``status`` pending | expired | accepted | rejected |
 * revoked (a pending one past its expiry counts as expired), ``search`` by e-mail. */
export function listInvitations(query: InvitationQuery): Promise<Page<Invitation>> {
  return api<Page<Invitation>>("/api/v1/organization/invitations", { query: { ...query } });
}

export const invitationsKey = ["people", "invitations"] as const;

export const invitationsQuery = (query: InvitationQuery) =>
  queryOptions({
    queryKey: [...invitationsKey, query],
    queryFn: () => listInvitations(query),
    placeholderData: keepPreviousData,
  });

export function useInvitations(query: InvitationQuery) {
  return useQuery(invitationsQuery(query));
}
