import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { invitationKeys } from "./list-invitations";
import type { Invitation } from "./types";

/** DELETE /api/v1/organization/invitations/{id}: revoke a pending (or expired) invitation; 409
 * ``invitation_not_pending`` is shown in the confirmation dialog (silent). */
export function revokeInvitation(id: number): Promise<Invitation> {
  return api<Invitation>(`/api/v1/organization/invitations/${id}`, { method: "DELETE", silent: true });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
