import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { retentionQuery } from "./get-retention";
import type { Retention, RetentionInput } from "./types";

/** PUT /api/v1/privacy/retention (organization admins): 400 `retention_out_of_range` with a
 * message per field, shown on the form (silent). */
export function updateRetention(body: RetentionInput): Promise<Retention> {
  return api<Retention>("/api/v1/privacy/retention", { method: "PUT", body, silent: true });
}

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (data) => queryClient.setQueryData(retentionQuery().queryKey, data),
  });
}
