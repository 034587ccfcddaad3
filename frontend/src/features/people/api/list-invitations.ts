import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page } from "@/lib/api/types";

import type { Invitation, PeopleRole } from "./types";

export interface InvitationQuery extends ListQuery {
  role: PeopleRole;
  /** pending | expired | accepted | rejected | revoked (a pending one past its expiry counts as
   * expired). */
  status?: string;
}

/** GET /api/v1/organization/invitations: ``search`` by e-mail. */
export function listInvitations(query: InvitationQuery): Promise<Page<Invitation>> {
  return api<Page<Invitation>>("/api/v1/organization/invitations", { query: { ...query } });
}

export const invitationKeys = {
  all: ["organization", "invitations"] as const,
  list: (query: InvitationQuery) => [...invitationKeys.all, query] as const,
};

export const invitationListQuery = (query: InvitationQuery) =>
  queryOptions({
    queryKey: invitationKeys.list(query),
    queryFn: () => listInvitations(query),
    placeholderData: keepPreviousData,
  });
