import { queryOptions, useQuery } from "@tanstack/react-query";

import { request, type ApiEnvelope } from "@/lib/api-client";
import { noteServerDate } from "@/lib/server-clock";

import { transactionKeys } from "@/lib/api/transactions";
import type { Transaction } from "./types";

/** GET /api/v1/transaction/{id}: a transaction the caller may see (404 otherwise). Keeps the
 * response's `Date` header as the page's server clock (the payment countdown runs on it). */
export async function getTransaction(id: number): Promise<Transaction> {
  const sentAt = Date.now();
  const response = await request<Response>(`/api/v1/transaction/${id}`, { raw: true, silent: true });
  noteServerDate(response.headers.get("Date"), sentAt);
  const envelope = (await response.json()) as ApiEnvelope<Transaction>;
  return envelope.data;
}

export const transactionQuery = (id: number) =>
  queryOptions({ queryKey: transactionKeys.detail(id), queryFn: () => getTransaction(id) });

export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQuery(id ?? 0), enabled: id !== null && id > 0 });
}
