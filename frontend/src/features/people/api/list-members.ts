import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Member, Page, PeopleRole } from "./types";

export interface MemberQuery {
  role: PeopleRole;
  page: number;
  limit: number;
  search?: string;
  order_by?: string;
  status?: string;
}

/** GET /api/v1/users/profile/list (spec §7): the organization's members of one role; ``status``
 * active | inactive | removed (default: all but removed). */
export function listMembers(query: MemberQuery): Promise<Page<Member>> {
  return api<Page<Member>>("/api/v1/users/profile/list", { query: { ...query } });
}

export const membersKey = ["people", "members"] as const;

export const membersQuery = (query: MemberQuery) =>
  queryOptions({
    queryKey: [...membersKey, query],
    queryFn: () => listMembers(query),
    placeholderData: keepPreviousData,
  });

export function useMembers(query: MemberQuery) {
  return useQuery(membersQuery(query));
}
