import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api, sessionEnded } from "@/lib/api-client";

/** POST /api/v1/auth/logout. The header shows its own logout-failed toast (silent here). */
export function logout(): Promise<object> {
  return api<object>("/api/v1/auth/logout", { method: "POST", silent: true });
}

/** Logs out; requests still in flight are marked as of the ended session (their 401s neither toast
 * nor redirect), `onDone` runs (the caller leaves the guarded page) and is awaited (react-router's
 * `navigate` resolves once the next page, possibly a lazy chunk, is in place), then the stored
 * session state is dropped (every cached query). In that order, a guarded page never re-renders
 * without a user and sends the browser to /forbidden on its way out. */
export function useLogout(onDone: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      sessionEnded();
      await onDone();
      queryClient.clear();
    },
  });
}
