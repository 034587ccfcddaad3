import { useMutation, useQueryClient } from "@tanstack/react-query";

import { useRef } from "react";

import { api, sessionEnded, sessionEnding } from "@/lib/api-client";

/** POST /api/v1/auth/logout. The header shows its own logout-failed toast (silent here). */
export function logout(): Promise<object> {
  return api<object>("/api/v1/auth/logout", { method: "POST", silent: true });
}

/** Logs out. From the moment the logout is sent until it is over, a 401 is its effect, not an
 * error (`sessionEnding`: no toast, no redirect; the caller's success toast is the one shown);
 * once it succeeds, requests still in flight are marked as of the ended session (their answers
 * neither toast nor redirect), `onDone` runs (the caller leaves the guarded page) and is awaited (react-router's
 * `navigate` resolves once the next page, possibly a lazy chunk, is in place), then the stored
 * session state is dropped (every cached query). In that order, a guarded page never re-renders
 * without a user and sends the browser to /forbidden on its way out. */
export function useLogout(onDone: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  const over = useRef<() => void>(() => {});
  return useMutation({
    mutationFn: () => {
      over.current();
      over.current = sessionEnding();
      return logout();
    },
    onSuccess: async () => {
      sessionEnded();
      await onDone();
      queryClient.clear();
    },
    onSettled: () => over.current(),
  });
}
