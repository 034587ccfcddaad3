import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Authorized, CurrentUser } from "./types";

/** GET /api/v1/auth/is-authorized: the session's user, profiles and current profile id. The
 * first call of a signed-in page uses the answer index.html's script already asked for, when it
 * is a 2xx (early-fetch.ts; issue 20). */
export function getAuthorized(): Promise<Authorized> {
  return api<Authorized>("/api/v1/auth/is-authorized", { silent: true });
}

export const authorizedQuery = () =>
  queryOptions({ queryKey: ["auth", "is-authorized"], queryFn: getAuthorized, staleTime: 60_000 });

/** Puts `user`, as a save of the user's own profile answered it (the same shape as the session's
 * user), into the session every screen reads: the saved values show at once, without asking the
 * server again (issue 38: the grade the marketplace needs). */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData<Authorized>(authorizedQuery().queryKey, (session) =>
    session ? { ...session, user } : session,
  );
}

export function useAuthorized() {
  return useQuery(authorizedQuery());
}

/** The signed-in user this page already knows (an app page has read the session), without asking
 * the server: public pages use it to offer "Home" rather than "Log in", where asking would send
 * a visitor who is not signed in to / on the 401 (issue 19). */
export function useKnownUser() {
  return useQuery({ ...authorizedQuery(), enabled: false }).data?.user;
}
