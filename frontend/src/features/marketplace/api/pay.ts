import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { transactionQuery } from "./get-transaction";
import { transactionKeys } from "./keys";
import type { Transaction } from "./types";

export interface PayInput {
  transaction_id: number;
  /** The same key for every attempt at this transaction (see `lib/idempotency`). */
  idempotency_key: string;
  /** "" approves; "decline" asks the simulated bank to decline. */
  method: "" | "decline";
}

/** POST /api/v1/transaction/pay (simulated provider): completes the purchase and creates the
 * learner's assignments; paying again with the key returns the same completed transaction.
 * Refusals are shown on the page (silent): 402 `payment_declined` (slots released), 409
 * `transaction_not_pending`, 404. */
export function pay(input: PayInput): Promise<Transaction> {
  return api<Transaction>("/api/v1/transaction/pay", {
    method: "POST",
    body: input,
    headers: { "Idempotency-Key": input.idempotency_key },
    silent: true,
  });
}

export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pay,
    onSuccess: (tx) => queryClient.setQueryData(transactionQuery(tx.id).queryKey, tx),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }), // the red dot too
  });
}
