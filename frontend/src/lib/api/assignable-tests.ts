/** GET /api/v1/assignments/tests, read by the assignment pages and by the marketplace's publish
 * dialog (`listed: false`): one query key (issue 22). */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { ListQuery, Page, V1Schemas } from "@/lib/api/types";

export type AssignableTest = V1Schemas["AssignableTestOut"];

export interface AssignableTestQuery extends ListQuery {
  /** approved | published (default: both). */
  status?: string;
  /** false: only tests not on the marketplace now (approved, or withdrawn published). */
  listed?: boolean;
}

export const assignableTestKeys = {
  all: ["assignments", "tests"] as const,
  list: (query: AssignableTestQuery) => [...assignableTestKeys.all, query] as const,
};

/** Approved and published tests with batch counts, slot sums of batches not yet ended,
 * assignments by source, waiting learners and the marketplace listing. */
export function listAssignableTests(query: AssignableTestQuery): Promise<Page<AssignableTest>> {
  return api<Page<AssignableTest>>("/api/v1/assignments/tests", { query: { ...query } });
}

export const assignableTestsQuery = (query: AssignableTestQuery) =>
  queryOptions({
    queryKey: assignableTestKeys.list(query),
    queryFn: () => listAssignableTests(query),
    placeholderData: keepPreviousData,
  });
