import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import {
  ANALYTICS_KEY,
  dropEmpty,
  type ListParams,
  type MarketFilters,
  type MarketTransactionPage,
  type MarketTransactionRow,
} from "./types";

/** POST /api/v1/transaction/analytics/markets/assessments/transactions (query page, limit,
 * search, order_by; body filters incl. test_preset_id): market transaction rows in data.items. */
export async function getMarketTransactions(
  params: ListParams,
  filters: MarketFilters,
): Promise<MarketTransactionPage> {
  const page = await api<MarketTransactionPage>(
    "/api/v1/transaction/analytics/markets/assessments/transactions",
    {
      method: "POST",
      query: { ...params },
      body: dropEmpty(filters),
      silent: true,
    },
  );
  return { ...page, items: page.items.map(withFallbacks) };
}

/** Spec section 3: the row id falls back to the payment id, then to a generated value; the
 * student name to the learner name. */
export function withFallbacks(row: MarketTransactionRow & { learnerName?: string }): MarketTransactionRow {
  return {
    ...row,
    id: row.id || row.paymentId || `gen-${row.itemId}`,
    studentName: row.studentName || row.learnerName || "—",
  };
}

export const marketTransactionsQuery = (params: ListParams, filters: MarketFilters) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, "transactions", params, dropEmpty(filters)],
    queryFn: () => getMarketTransactions(params, filters),
    retry: false,
  });

export function useMarketTransactions(params: ListParams, filters: MarketFilters) {
  return useQuery({ ...marketTransactionsQuery(params, filters), placeholderData: keepPreviousData });
}
