import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { attemptKeys } from "./get-attempts";
import type { AttemptRow } from "./types";

/** POST /api/v1/attempts/{id}/reinstate {reason}: 400 without a reason, 409 when not voided.
 * Silent: the dialog shows the refusal. */
export function reinstateAttempt({ id, reason }: { id: number; reason: string }): Promise<AttemptRow> {
  return api<AttemptRow>(`/api/v1/attempts/${id}/reinstate`, {
    method: "POST",
    body: { reason },
    silent: true,
  });
}

export function useReinstateAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateAttempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptKeys.all }),
  });
}
