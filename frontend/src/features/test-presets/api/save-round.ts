import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { roundKeys } from "./get-rounds";
import type { Round, RoundInput } from "./types";

/** POST /api/v1/rounds or PUT /api/v1/rounds/{id}. 400 field errors are shown on the form
 * (silent). */
export function saveRound({ id, body }: { id: number | null; body: RoundInput }): Promise<Round> {
  return id === null
    ? api<Round>("/api/v1/rounds", { method: "POST", body, silent: true })
    : api<Round>(`/api/v1/rounds/${id}`, { method: "PUT", body, silent: true });
}

export function useSaveRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundKeys.all }),
  });
}
