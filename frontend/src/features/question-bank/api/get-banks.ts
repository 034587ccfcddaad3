import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { Page } from "@/lib/api/types";

import { bankKeys, type BankQuery } from "./keys";
import type { Bank } from "./types";

/** GET /api/v1/question-banks: one page of banks (`Page<BankOut>`): the top level, or the folders
 * of `parent_id`; `search` on the name, `order_by` name, created_at, updated_at ("-" descending). */
export function getBanks(query: BankQuery): Promise<Page<Bank>> {
  return api<Page<Bank>>("/api/v1/question-banks", { query: { ...query } });
}

export const banksQuery = (query: BankQuery) =>
  queryOptions({ queryKey: bankKeys.list(query), queryFn: () => getBanks(query) });

export function useBanks(query: BankQuery) {
  return useQuery({ ...banksQuery(query), placeholderData: keepPreviousData });
}
