import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Page, PublishedSurvey } from "./types";

const QUERY = { page: 1, limit: 100, status: "published", order_by: "name" } as const;

/** GET /api/v1/surveys/list?status=published: the organization's published surveys, for the
 * preset's "linked surveys" picker (issue 8, item 2). When the SuperAdmin has not allowed survey
 * management for the organization the server answers 403 `survey_management_disabled`; the
 * picker explains that in place, so the call is silent (no toast) and not retried. */
export function getPublishedSurveys(): Promise<Page<PublishedSurvey>> {
  return api<Page<PublishedSurvey>>("/api/v1/surveys/list", { query: { ...QUERY }, silent: true });
}

export const publishedSurveysQuery = () =>
  queryOptions({ queryKey: ["surveys", "list", QUERY], queryFn: getPublishedSurveys });

export function usePublishedSurveys() {
  return useQuery({ ...publishedSurveysQuery(), retry: false, refetchOnWindowFocus: false });
}
