import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { roundKeys } from "./get-rounds";
/** DELETE /api/v1/rounds/{id}; 409 `round_in_use` while a preset or a round refers to it (the
 * caller shows the server's message, hence silent). */
export function deleteRound(id: number): Promise<object> {
  return api<object>(`/api/v1/rounds/${id}`, { method: "DELETE", silent: true });
}

export function useDeleteRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundKeys.all }),
  });
}
