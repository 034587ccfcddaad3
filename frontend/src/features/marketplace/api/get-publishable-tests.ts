import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { PublishableTestPage } from "./types";

/** GET /api/v1/assignments/tests?listed=false: the organization's approved (or withdrawn
 * published) tests not on the marketplace now, for the publish dialog. */
export function getPublishableTests(search: string): Promise<PublishableTestPage> {
  return api<PublishableTestPage>("/api/v1/assignments/tests", {
    query: { listed: false, limit: 100, order_by: "name", search: search || undefined },
  });
}

export const publishableTestsQuery = (search: string) =>
  queryOptions({
    queryKey: ["marketplace", "publishable", search],
    queryFn: () => getPublishableTests(search),
  });

export function usePublishableTests(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...publishableTestsQuery(search), enabled });
}
