import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { testBankKeys, type TestBankQuery } from "./test-bank-keys";
import type { TestBank } from "./types";

/** GET /api/v1/test-banks: one page of the organization's test banks with `preset_count`;
 * `search` on the name, `order_by` name, created_at, updated_at ("-" descending). */
export function getTestBanks(query: TestBankQuery): Promise<Page<TestBank>> {
  return api<Page<TestBank>>("/api/v1/test-banks", { query: { ...query } });
}

export const testBanksQuery = (query: TestBankQuery) =>
  queryOptions({
    queryKey: testBankKeys.list(query),
    queryFn: () => getTestBanks(query),
    placeholderData: keepPreviousData,
  });

const ALL_BANKS: TestBankQuery = { page: 1, limit: 100, order_by: "name" };

/** The first hundred banks by name: the choices of the test list's bank filter. */
export const allTestBanksQuery = () =>
  queryOptions({ queryKey: testBankKeys.list(ALL_BANKS), queryFn: () => getTestBanks(ALL_BANKS) });
