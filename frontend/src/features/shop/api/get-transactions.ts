import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { TRANSACTIONS_KEY } from "@/components/shop/api/types";
import { api } from "@/lib/api-client";

import type { TransactionPage, TransactionQuery } from "./types";

/** GET /api/v1/transaction: page, limit, search (name, buyer, payment id, id), status, from_date
 * and to_date (inclusive days), order_by; newest first. */
export function getTransactions(query: TransactionQuery): Promise<TransactionPage> {
  return api<TransactionPage>("/api/v1/transaction", { query: { ...query } });
}

export const transactionsQuery = (query: TransactionQuery) =>
  queryOptions({ queryKey: [...TRANSACTIONS_KEY, "list", query], queryFn: () => getTransactions(query) });

export function useTransactions(query: TransactionQuery) {
  return useQuery({ ...transactionsQuery(query), placeholderData: keepPreviousData });
}
