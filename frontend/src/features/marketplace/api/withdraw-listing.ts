import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { assignableTestKeys } from "@/lib/api/assignable-tests";

import { marketplaceKeys } from "./keys";

/** DELETE /api/v1/marketplace/{id} (spec §7): take an own listing off sale; 409
 * `listing_has_pending` (with its reason) while purchases await payment. Shown in the
 * confirmation (silent). */
export function withdrawListing(id: number): Promise<object> {
  return api<object>(`/api/v1/marketplace/${id}`, { method: "DELETE", silent: true });
}

export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawListing,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      await queryClient.invalidateQueries({ queryKey: assignableTestKeys.all });
    },
  });
}
