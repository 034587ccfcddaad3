import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import { setCurrentUser } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";

export type ProfileInput = V1Schemas["ProfileSelfIn"];

/** PUT /api/v1/users/profile/self: omitted fields stay unchanged; 400 field errors are shown
 * on the form (silent). */
export function updateProfile(body: ProfileInput): Promise<CurrentUser> {
  return api<CurrentUser>("/api/v1/users/profile/self", { method: "PUT", body, silent: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
