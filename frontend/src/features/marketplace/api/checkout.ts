import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { transactionQuery } from "./get-transaction";
import { transactionKeys } from "@/lib/api/transactions";

import { cartKeys } from "./keys";
import type { CheckoutItem, Transaction } from "./types";

/** POST /api/v1/transaction/checkout `{"items": [...]}` (none = the whole cart): one PENDING
 * transaction with its batch slots reserved; the bought rows leave the cart. Refusals are shown
 * on the page (silent): 409/400 `checkout_failed` with `reason`, `item` (index) and
 * `errors["items.N"]`, 400 `grade_required`, 403 `forbidden_role` for educators, 403 with a consent
 * code and its message from the consent gate (`isConsentRefusal`). */
export function checkout(items: CheckoutItem[]): Promise<Transaction> {
  return api<Transaction>("/api/v1/transaction/checkout", { method: "POST", body: { items }, silent: true });
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: (tx) => {
      queryClient.setQueryData(transactionQuery(tx.id).queryKey, tx);
      // Not awaited: the page moves on to the payment step at once; the header follows.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
