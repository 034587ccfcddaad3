import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { attemptKeys } from "./get-attempts";

/** POST /api/v1/attempts/{id}/release: `released` is 0 when already released or still pending. */
export function releaseAttempt(id: number): Promise<{ released: number }> {
  return api<{ released: number }>(`/api/v1/attempts/${id}/release`, { method: "POST" });
}

export function useReleaseAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseAttempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptKeys.all }),
  });
}
