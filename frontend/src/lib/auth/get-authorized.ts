import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Authorized } from "./types";

/** GET /api/v1/auth/is-authorized: the session's user, profiles and current profile id. The
 * first call of a signed-in page uses the answer index.html's script already asked for, when it
 * is a 2xx (early-fetch.ts; issue 20). */
export function getAuthorized(): Promise<Authorized> {
  return api<Authorized>("/api/v1/auth/is-authorized", { silent: true });
}

export const authorizedQuery = () =>
  queryOptions({ queryKey: ["auth", "is-authorized"], queryFn: getAuthorized, staleTime: 60_000 });

export function useAuthorized() {
  return useQuery(authorizedQuery());
}

/** The signed-in user this page already knows (an app page has read the session), without asking
 * the server: public pages use it to offer "Home" rather than "Log in", where asking would send
 * a visitor who is not signed in to / on the 401 (issue 19). */
export function useKnownUser() {
  return useQuery({ ...authorizedQuery(), enabled: false }).data?.user;
}
