import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { profileKeys } from "@/lib/api/profiles";
import type { V1Schemas } from "@/lib/api/types";

import { eventsKey } from "./get-member-events";
import type { Member } from "./types";

export type MemberChange = V1Schemas["MemberIn"];

/** PUT /api/v1/organization/members/{id}: admin flag, active, survey account, job title. 409
 * ``last_admin`` and 403 ``not_org_admin`` are shown by the caller (silent). */
export function updateMember({ id, change }: { id: number; change: MemberChange }): Promise<Member> {
  return api<Member>(`/api/v1/organization/members/${id}`, { method: "PUT", body: change, silent: true });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (_member, { id }) => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...eventsKey, id] });
    },
  });
}
