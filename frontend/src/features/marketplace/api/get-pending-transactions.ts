import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

type TransactionPage = V1Schemas["Page_TransactionOut_"];

/** GET /api/v1/transaction?page=1&limit=1&status=PENDING: the header's red dot (spec §2). */
export async function getPendingTransactions(): Promise<TransactionPage> {
  try {
    return await api<TransactionPage>("/api/v1/transaction", {
      query: { page: 1, limit: 1, status: "PENDING" },
    });
  } catch {
    return { items: [], total: 0, page: 1, limit: 1 };
  }
}

export const pendingTransactionsQuery = () =>
  queryOptions({ queryKey: ["transactions", "pending-dot"], queryFn: getPendingTransactions });

export function usePendingTransactions() {
  return useQuery(pendingTransactionsQuery());
}
