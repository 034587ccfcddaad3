import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

import type { InvitationKind } from "./invitation-kind";

export type InvitationInfo = Omit<PublicSchemas["InvitationOut"], "role"> & { role: "EDUCATOR" | "LEARNER" };

/** POST /public/api/users/{kind}/check-invitation: what the invitation offers (400
 * `invalid_invitation`, shown by the page). */
export function checkInvitation(kind: InvitationKind, token: string): Promise<InvitationInfo> {
  return api<InvitationInfo>(`/public/api/users/${kind}/check-invitation`, {
    method: "POST",
    body: { token },
    silent: true,
  });
}

export const invitationQuery = (kind: InvitationKind, token: string) =>
  queryOptions({
    queryKey: ["invitation", kind, token],
    queryFn: () => checkInvitation(kind, token),
    retry: false,
    staleTime: 0,
  });

export function useInvitation(kind: InvitationKind, token: string) {
  return useQuery(invitationQuery(kind, token));
}
