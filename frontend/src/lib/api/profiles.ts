/** GET /api/v1/users/profile/list (spec §7), read by the people pages (members of a role), the
 * direct-assignment form and the accommodation picker (active learners): one query key
 * (issue 22). */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page, V1Schemas } from "@/lib/api/types";

export type Member = V1Schemas["MemberOut"];
export type PeopleRole = "LEARNER" | "EDUCATOR";

export interface ProfileListQuery {
  role: PeopleRole;
  page?: number;
  /** 1..100 */
  limit?: number;
  search?: string;
  /** name | -name | email | -email | created_at | -created_at | … (server list) */
  order_by?: string;
  /** active | inactive | removed (default: all but removed). */
  status?: string;
}

export const profileKeys = {
  all: ["users", "profile"] as const,
  lists: () => [...profileKeys.all, "list"] as const,
  list: (query: ProfileListQuery) => [...profileKeys.lists(), query] as const,
};

/** The organization's members of one role, one page. */
export function listProfiles(query: ProfileListQuery): Promise<Page<Member>> {
  return api<Page<Member>>("/api/v1/users/profile/list", { query: { ...query } });
}

export const profileListQuery = (query: ProfileListQuery) =>
  queryOptions({
    queryKey: profileKeys.list(query),
    queryFn: () => listProfiles(query),
    placeholderData: keepPreviousData,
  });
