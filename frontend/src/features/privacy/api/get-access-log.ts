import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { AccessLogPage, AccessLogQuery } from "./types";

/** GET /api/v1/privacy/access-log (organization admins; 403 `not_org_admin` otherwise, shown
 * inline): who viewed or downloaded the organization's private files, newest first. */
export function getAccessLog(query: AccessLogQuery): Promise<AccessLogPage> {
  return api<AccessLogPage>("/api/v1/privacy/access-log", { query: { ...query }, silent: true });
}

export const accessLogQuery = (query: AccessLogQuery) =>
  queryOptions({ queryKey: ["privacy", "access-log", query], queryFn: () => getAccessLog(query) });

export function useAccessLog(query: AccessLogQuery) {
  return useQuery({ ...accessLogQuery(query), placeholderData: keepPreviousData });
}
