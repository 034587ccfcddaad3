import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { transactionQuery } from "./get-transaction";
import { transactionKeys } from "@/lib/api/transactions";
import type { Transaction } from "./types";

/** DELETE /api/v1/transaction/cancel/{id}: cancel a PENDING transaction of the caller and free
 * its slots; 409 `transaction_not_pending` otherwise (shown in the dialog: silent). */
export function cancelTransaction(id: number): Promise<Transaction> {
  return api<Transaction>(`/api/v1/transaction/cancel/${id}`, { method: "DELETE", silent: true });
}

export function useCancelTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransaction,
    onSuccess: (tx) => queryClient.setQueryData(transactionQuery(tx.id).queryKey, tx),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
