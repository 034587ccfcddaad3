import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { preparationQuery } from "./get-preparation";

export type AssignmentPayment = {
  transaction_id: number;
  status: string;
  amount: number;
  payment_id: string;
};

/** POST /api/v1/take-test/{enrollment_id}/pay: pays the purchase cost (VND) of a test assigned
 * with "requires purchase", through the simulated payment provider. Idempotent: the key is one
 * per click series, so a double click charges once. 402 payment_declined, 409 nothing_to_pay
 * (shown inline). */
export function payAssignment(enrollmentId: number, idempotencyKey: string): Promise<AssignmentPayment> {
  return api<AssignmentPayment>(`/api/v1/take-test/${enrollmentId}/pay`, {
    method: "POST",
    body: { idempotency_key: idempotencyKey },
    silent: true,
  });
}

export function usePayAssignment(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => payAssignment(enrollmentId, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preparationQuery(enrollmentId).queryKey }),
  });
}
