import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { DataDeletion } from "@/components/data-copy/types";

import { dataRequestsQuery } from "./get-data-requests";

/** POST /api/v1/data-requests/deletion/cancel: withdraw the scheduled deletion. */
export function cancelDeletion(): Promise<DataDeletion> {
  return api<DataDeletion>("/api/v1/data-requests/deletion/cancel", { method: "POST" });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestsQuery().queryKey }),
  });
}
