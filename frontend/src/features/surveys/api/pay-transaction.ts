import { useMutation, useQueryClient } from "@tanstack/react-query";

import { payTransaction, transactionKeys } from "@/lib/api/transactions";

import { surveyUserKeys } from "./keys";

/** Pays the full report's pending transaction (POST /api/v1/transaction/pay, the same key for
 * every attempt, so paying again returns the completed transaction); the dialog shows a refusal. */
export function usePayTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      payTransaction({ transaction_id: transactionId, idempotency_key: `survey-report-${transactionId}` }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: surveyUserKeys.all });
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
