import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api, sessionStarted } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { Authorized } from "@/lib/auth/types";

import type { InvitationKind } from "./invitation-kind";

export type RegisterInvitedInput = PublicSchemas["RegisterInvitedIn"];

/** POST /public/api/users/{kind}/register-invited: accept, create or prove the account, log in. */
export function registerInvited(kind: InvitationKind, body: RegisterInvitedInput): Promise<Authorized> {
  return api<Authorized>(`/public/api/users/${kind}/register-invited`, {
    method: "POST",
    body,
    silent: true,
  });
}

export function useRegisterInvited(kind: InvitationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInvitedInput) => registerInvited(kind, body),
    onSuccess: (data) => {
      sessionStarted();
      queryClient.setQueryData(authorizedQuery().queryKey, data);
    },
  });
}
