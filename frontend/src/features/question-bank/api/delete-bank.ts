import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { bankKeys } from "./keys";

/** DELETE /api/v1/question-banks/{id}: the bank with its folders and questions (only the creator:
 * 403 otherwise; the API client toasts failures). */
export function deleteBank(id: number): Promise<object> {
  return api<object>(`/api/v1/question-banks/${id}`, { method: "DELETE" });
}

export function useDeleteBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBank,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankKeys.all }),
  });
}
