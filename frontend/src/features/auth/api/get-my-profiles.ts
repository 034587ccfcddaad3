import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { MyProfiles } from "@/lib/auth/types";

/** GET /api/v1/users/my-profiles: data.profiles and data.current_profile_id (spec §3). */
export function getMyProfiles(): Promise<MyProfiles> {
  return api<MyProfiles>("/api/v1/users/my-profiles");
}

export const myProfilesQuery = () =>
  queryOptions({ queryKey: ["users", "my-profiles"], queryFn: getMyProfiles });

export function useMyProfiles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myProfilesQuery(), enabled });
}
