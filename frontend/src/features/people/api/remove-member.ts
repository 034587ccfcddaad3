import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { profileKeys } from "@/lib/api/profiles";

/** DELETE /api/v1/organization/members/{id}: remove a learner from the organization (their
 * account, purchases and results stay theirs). Errors are shown in the dialog (silent). */
export function removeMember(id: number): Promise<object> {
  return api<object>(`/api/v1/organization/members/${id}`, { method: "DELETE", silent: true });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.lists() }),
  });
}
