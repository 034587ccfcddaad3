import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { testBankKeys } from "./test-bank-keys";
import type { TestBank } from "./types";

/** GET /api/v1/test-banks/{id}: one bank with its counts (404 for another organization's). */
export function getTestBank(id: number): Promise<TestBank> {
  return api<TestBank>(`/api/v1/test-banks/${id}`);
}

/** Disabled until `id` is a positive id. */
export const testBankQuery = (id: number) =>
  queryOptions({
    queryKey: testBankKeys.detail(id),
    queryFn: () => getTestBank(id),
    enabled: Number.isInteger(id) && id > 0,
  });
