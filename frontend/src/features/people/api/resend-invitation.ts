import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { invitationKeys } from "./list-invitations";
import type { Invitation } from "./types";

/** POST /api/v1/organization/invitations/{id}/resend: a new link and expiry. 429
 * ``resend_limit`` / ``resend_too_soon`` are shown by the caller (silent). */
export function resendInvitation(id: number): Promise<Invitation> {
  return api<Invitation>(`/api/v1/organization/invitations/${id}/resend`, { method: "POST", silent: true });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
