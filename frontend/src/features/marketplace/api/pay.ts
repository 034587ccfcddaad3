import { useMutation, useQueryClient } from "@tanstack/react-query";

import { payTransaction, transactionKeys } from "@/lib/api/transactions";

import { transactionQuery } from "./get-transaction";

/** Pays a transaction at checkout (`payTransaction`); the page keeps the answer, and every view of
 * the transactions (the header's red dot too) refreshes. */
export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payTransaction,
    onSuccess: (tx) => queryClient.setQueryData(transactionQuery(tx.id).queryKey, tx),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }), // the red dot too
  });
}
