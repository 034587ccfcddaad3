import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyUserKeys } from "./keys";
import type { CheckoutAnalytic } from "./types";

/** POST /api/v1/survey-users/{id}/checkout-analytic (empty body): the full report's add-on in a
 * checkout; returns the PENDING transaction to pay (a free report is unlocked at once). Errors
 * show as the "Checkout Failed" toast of the API client. */
export function checkoutAnalytic(id: number): Promise<CheckoutAnalytic> {
  return api<CheckoutAnalytic>(`/api/v1/survey-users/${id}/checkout-analytic`, { method: "POST" });
}

export function useCheckoutAnalytic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkoutAnalytic,
    onSuccess: (data) =>
      data.report_unlocked ? queryClient.invalidateQueries({ queryKey: surveyUserKeys.all }) : undefined,
  });
}
