import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import type { Authorized } from "@/lib/auth/types";

/** POST /api/v1/users/switch-profile. A failure is only logged (spec §8), so no toast. */
export function switchProfile(profileId: V1Schemas["SwitchProfileIn"]["profile_id"]): Promise<Authorized> {
  return api<Authorized>("/api/v1/users/switch-profile", {
    method: "POST",
    body: { profile_id: profileId },
    silent: true,
  });
}

export function useSwitchProfile() {
  return useMutation({ mutationFn: switchProfile });
}
