import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { questionKeys } from "./keys";
import type { BulkResult } from "./types";

export type BulkAction = "submit" | "approve" | "publish";

/** POST /api/v1/questions/bulk (`{action, ids}`, at most 1000 ids): one result per question
 * (`BulkResultOut[]`: ok, new status, or the code and message of its refusal). */
export function bulkAction({ action, ids }: { action: BulkAction; ids: number[] }): Promise<BulkResult[]> {
  return api<BulkResult[]>("/api/v1/questions/bulk", { method: "POST", body: { action, ids } });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
