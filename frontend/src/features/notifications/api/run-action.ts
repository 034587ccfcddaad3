import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { NotificationAction } from "./get-notifications";

/** A notification action (spec §4): target API -> POST to its url; any other target opens the
 * url in a new window. A failed call is logged (spec §8). */
export async function runAction(action: NotificationAction): Promise<void> {
  if (action.target === "API") {
    await api(action.url, { method: "POST" });
  } else {
    window.open(action.url, "_blank", "noopener");
  }
}

export function useRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSuccess: () => queryClient.invalidateQueries(),
    onError: (error) => console.error("notification action failed", error),
  });
}
