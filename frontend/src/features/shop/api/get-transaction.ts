import { queryOptions, useQuery } from "@tanstack/react-query";

import { TRANSACTIONS_KEY } from "@/components/shop/api/types";
import { request, type ApiEnvelope } from "@/lib/api-client";

import { noteServerDate } from "@/lib/server-clock";
import type { Transaction } from "./types";

/** GET /api/v1/transaction/{id}: a transaction the caller may see (404 otherwise). Reads the
 * response's `Date` header for the payment countdown (server time). */
export async function getTransaction(id: number): Promise<Transaction> {
  const response = await request<Response>(`/api/v1/transaction/${id}`, { raw: true, silent: true });
  noteServerDate(response.headers.get("Date"));
  const envelope = (await response.json()) as ApiEnvelope<Transaction>;
  return envelope.data;
}

export const transactionQuery = (id: number) =>
  queryOptions({ queryKey: [...TRANSACTIONS_KEY, "detail", id], queryFn: () => getTransaction(id) });

export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQuery(id ?? 0), enabled: id !== null && id > 0 });
}
