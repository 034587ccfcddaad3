import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { surveyKeys } from "./keys";

/** POST /api/v1/surveys/{id}/market-withdraw: take the survey off the marketplace. */
export function marketWithdraw(id: number): Promise<unknown> {
  return api(`/api/v1/surveys/${id}/market-withdraw`, { method: "POST", silent: true });
}

export function useMarketWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marketWithdraw,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}
