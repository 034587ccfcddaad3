import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { DataDeletion } from "@/components/data-copy/types";

import { dataRequestsQuery } from "./get-data-requests";

/** POST /api/v1/data-requests/deletion `{password}`: schedule the account's deletion after the
 * grace period. Silent: the dialog shows `wrong_password` on its field and other refusals
 * (`login_rate_limited`, `educator_account`) above its buttons. */
export function scheduleDeletion(password: string): Promise<DataDeletion> {
  return api<DataDeletion>("/api/v1/data-requests/deletion", {
    method: "POST",
    body: { password },
    silent: true,
  });
}

export function useScheduleDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestsQuery().queryKey }),
  });
}
