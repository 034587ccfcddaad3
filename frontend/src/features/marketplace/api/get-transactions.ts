/** GET /api/v1/transaction, read through this one module (issue 22): the transaction history and
 * the header's pending-transaction red dot. */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { transactionKeys } from "@/lib/api/transactions";
import type { TransactionPage, TransactionQuery } from "./types";

/** page, limit, search (name, buyer, payment id, id), status, from_date and to_date (inclusive
 * days), order_by; newest first. */
export function getTransactions(query: TransactionQuery): Promise<TransactionPage> {
  return api<TransactionPage>("/api/v1/transaction", { query: { ...query } });
}

export const transactionsQuery = (query: TransactionQuery) =>
  queryOptions({ queryKey: transactionKeys.list(query), queryFn: () => getTransactions(query) });

export function useTransactions(query: TransactionQuery) {
  return useQuery({ ...transactionsQuery(query), placeholderData: keepPreviousData });
}

/** The header's red dot (spec §2): is there a PENDING transaction (one row is enough)? */
export const pendingTransactionsQuery = () => transactionsQuery({ page: 1, limit: 1, status: "PENDING" });

export function usePendingTransactions() {
  return useQuery(pendingTransactionsQuery());
}
