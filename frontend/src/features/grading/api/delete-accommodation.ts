import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { accommodationKeys } from "./get-accommodations";

/** DELETE /api/v1/accommodations/{id}. Silent: the confirmation dialog shows a refusal. */
export function deleteAccommodation(id: number): Promise<Record<string, never>> {
  return api<Record<string, never>>(`/api/v1/accommodations/${id}`, { method: "DELETE", silent: true });
}

export function useDeleteAccommodation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccommodation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationKeys.all }),
  });
}
