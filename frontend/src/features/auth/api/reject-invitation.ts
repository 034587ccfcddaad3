import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { invitationQuery } from "./check-invitation";
import type { InvitationKind } from "./invitation-kind";

/** POST /public/api/users/{kind}/reject-invitation. */
export function rejectInvitation(kind: InvitationKind, token: string): Promise<object> {
  return api<object>(`/public/api/users/${kind}/reject-invitation`, {
    method: "POST",
    body: { token },
    silent: true,
  });
}

export function useRejectInvitation(kind: InvitationKind, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rejectInvitation(kind, token),
    onError: () => queryClient.invalidateQueries({ queryKey: invitationQuery(kind, token).queryKey }),
  });
}
