import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { bankKeys } from "./keys";
import type { BankDetail } from "./types";

/** GET /api/v1/question-banks/{id}: a bank or folder with its path from the top (`BankDetailOut`);
 * 404 when it is not the organization's. */
export function getBank(id: number): Promise<BankDetail> {
  return api<BankDetail>(`/api/v1/question-banks/${id}`);
}

export const bankQuery = (id: number) =>
  queryOptions({ queryKey: bankKeys.detail(id), queryFn: () => getBank(id) });

export function useBank(id: number) {
  return useQuery(bankQuery(id));
}
