import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { roundKeys } from "./get-rounds";
import type { Round } from "./types";

/** POST /api/v1/rounds/{id}/close: `closed: true` closes by hand, `false` reopens. */
export function closeRound({ id, closed }: { id: number; closed: boolean }): Promise<Round> {
  return api<Round>(`/api/v1/rounds/${id}/close`, { method: "POST", body: { closed } });
}

export function useCloseRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundKeys.all }),
  });
}
