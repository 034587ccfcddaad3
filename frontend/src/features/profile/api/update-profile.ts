import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { consentKeys } from "@/lib/api/consent";
import type { V1Schemas } from "@/lib/api/types";
import { setCurrentUser } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";

export type ProfileInput = V1Schemas["ProfileSelfIn"];

/** PUT /api/v1/users/profile/self: omitted fields stay unchanged; 400 field errors are shown
 * on the form (silent). A learner's change of date of birth across 16 after consenting is held for
 * confirmation (issue 37, item 5): the answer keeps the confirmed date, the consent state says
 * what waits (read again here); `parent_email` names who confirms when the server asks for it. */
export function updateProfile(body: ProfileInput): Promise<CurrentUser> {
  return api<CurrentUser>("/api/v1/users/profile/self", { method: "PUT", body, silent: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // a change of date of birth may be held for confirmation (issue 37, item 5): the consent state says so
      void queryClient.invalidateQueries({ queryKey: consentKeys.me() });
      setCurrentUser(queryClient, user);
    },
  });
}
