import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { AssignableTest, Page } from "./types";

export interface TestQuery {
  page: number;
  limit: number;
  search?: string;
  /** approved | published (default: both). */
  status?: string;
  order_by?: string;
}

/** GET /api/v1/assignments/tests: approved and published tests with batch counts, slot sums of
 * batches not yet ended, assignments by source, waiting learners and the marketplace listing. */
export function getTests(query: TestQuery): Promise<Page<AssignableTest>> {
  return api<Page<AssignableTest>>("/api/v1/assignments/tests", { query: { ...query } });
}

export const testsKey = ["assignments", "tests"] as const;

export const testsQuery = (query: TestQuery) =>
  queryOptions({
    queryKey: [...testsKey, query],
    queryFn: () => getTests(query),
    placeholderData: keepPreviousData,
  });

export function useTests(query: TestQuery) {
  return useQuery(testsQuery(query));
}
