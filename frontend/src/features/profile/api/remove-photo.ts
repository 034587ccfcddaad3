import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";

/** DELETE /api/v1/users/profile/self/remove-photo */
export function removePhoto(): Promise<CurrentUser> {
  return api<CurrentUser>("/api/v1/users/profile/self/remove-photo", { method: "DELETE" });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey }),
  });
}
