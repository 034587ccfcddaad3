import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /api/v1/auth/logout. The header shows its own logout-failed toast (silent here). */
export function logout(): Promise<object> {
  return api<object>("/api/v1/auth/logout", { method: "POST", silent: true });
}

/** On success the stored session state is dropped (every cached query). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => queryClient.clear() });
}
