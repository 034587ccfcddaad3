/** The transactions' query keys and POST /api/v1/transaction/pay, shared by the marketplace
 * (checkout, history, the header's red dot) and the survey's full-report purchase: one key family,
 * so that paying anywhere refreshes every view of the transactions (issue 22). */
import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type Transaction = V1Schemas["TransactionOut"];

export const transactionKeys = {
  all: ["transactions"] as const,
  lists: () => [...transactionKeys.all, "list"] as const,
  /** `query`: the list's filters (page, limit, search, status, from_date, to_date). */
  list: (query: object) => [...transactionKeys.lists(), query] as const,
  detail: (id: number) => [...transactionKeys.all, "detail", id] as const,
};

export interface PayInput {
  transaction_id: number;
  /** The same key for every attempt at this transaction (`Idempotency-Key`, decision 0007). */
  idempotency_key: string;
  /** "" approves; "decline" asks the simulated bank to decline. */
  method?: "" | "decline";
}

/** POST /api/v1/transaction/pay (simulated provider): completes the purchase (creating the
 * learner's assignments or unlocking the report); paying again with the key returns the same
 * completed transaction. Refusals are shown by the caller (silent): 402 `payment_declined` (slots
 * released), 409 `transaction_not_pending`, 404. */
export function payTransaction(input: PayInput): Promise<Transaction> {
  return api<Transaction>("/api/v1/transaction/pay", {
    method: "POST",
    body: input,
    headers: { "Idempotency-Key": input.idempotency_key },
    silent: true,
  });
}
