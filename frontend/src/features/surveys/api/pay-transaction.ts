import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";

/** POST /api/v1/transaction/pay {transaction_id}: pay the full report's pending transaction
 * (simulated provider); paying again returns the completed transaction (idempotent). The dialog
 * shows a refusal itself (silent). */
export function payTransaction(transactionId: number): Promise<{ id: number; status: string }> {
  return api<{ id: number; status: string }>("/api/v1/transaction/pay", {
    method: "POST",
    body: { transaction_id: transactionId, idempotency_key: `survey-report-${transactionId}` },
    silent: true,
  });
}

export function usePayTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payTransaction,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: surveyUserKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["transactions"] });
    },
  });
}
