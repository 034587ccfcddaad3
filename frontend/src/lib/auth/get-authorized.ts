import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Authorized } from "./types";

/** GET /api/v1/auth/is-authorized: the session's user, profiles and current profile id. */
export function getAuthorized(): Promise<Authorized> {
  return api<Authorized>("/api/v1/auth/is-authorized", { silent: true });
}

export const authorizedQuery = () =>
  queryOptions({ queryKey: ["auth", "is-authorized"], queryFn: getAuthorized, staleTime: 60_000 });

export function useAuthorized() {
  return useQuery(authorizedQuery());
}
