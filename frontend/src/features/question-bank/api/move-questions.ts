import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

import { bankKeys, questionKeys } from "./keys";

/** POST /api/v1/questions/move (`{ids, bank_id}`): how many were moved (`MovedOut`); 404 when a
 * question or the bank is not the organization's. */
export function moveQuestions({ ids, bankId }: { ids: number[]; bankId: number }) {
  return api<V1Schemas["MovedOut"]>("/api/v1/questions/move", {
    method: "POST",
    body: { ids, bank_id: bankId },
  });
}

export function useMoveQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveQuestions,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: questionKeys.all }),
        queryClient.invalidateQueries({ queryKey: bankKeys.all }),
      ]),
  });
}
