import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { OrgDataRequestsPage, OrgDataRequestsQuery } from "./types";

/** GET /api/v1/organization/data-requests (organization admins; 403 `not_org_admin` otherwise,
 * shown inline): the requests concerning the organization, open ones first by the Law's due day,
 * with the counts of open, due-soon and overdue ones (issue 37, item 8). */
export function getOrgDataRequests(query: OrgDataRequestsQuery): Promise<OrgDataRequestsPage> {
  return api<OrgDataRequestsPage>("/api/v1/organization/data-requests", {
    query: { ...query },
    silent: true,
  });
}

export const orgDataRequestsQuery = (query: OrgDataRequestsQuery) =>
  queryOptions({
    queryKey: ["privacy", "data-requests", query],
    queryFn: () => getOrgDataRequests(query),
  });

export function useOrgDataRequests(query: OrgDataRequestsQuery) {
  return useQuery({ ...orgDataRequestsQuery(query), placeholderData: keepPreviousData });
}
