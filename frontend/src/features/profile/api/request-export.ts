import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { DataExport } from "@/components/data-copy/types";

import { dataRequestsQuery } from "./get-data-requests";

/** POST /api/v1/data-requests/export: ask for a copy of the user's data (202 with the queued
 * copy; the one already being written when there is one). */
export function requestExport(): Promise<DataExport> {
  return api<DataExport>("/api/v1/data-requests/export", { method: "POST" });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestsQuery().queryKey }),
  });
}
