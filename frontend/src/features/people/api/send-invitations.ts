import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { profileKeys } from "@/lib/api/profiles";

import { invitationKeys } from "./list-invitations";
import type { InviteResult, PeopleRole } from "./types";

export interface InviteInput {
  emails: string[];
  role: PeopleRole;
  job_title?: string;
}

/** POST /api/v1/organization/invitations: one result per address (invited, ``already_member``,
 * ``already_invited``, ``validation_error``). Refusals of the whole request (403
 * ``not_org_admin``, 400) are shown in the dialog (silent). */
export function sendInvitations(body: InviteInput): Promise<InviteResult[]> {
  return api<InviteResult[]>("/api/v1/organization/invitations", { method: "POST", body, silent: true });
}

export function useSendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitations,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      // An address that already has an account may join at once.
      void queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
    },
  });
}
