/** The parent's link (issue 24, item 1): POST /public/api/consent/parent/check (what the page
 * shows), /consent and /withdraw. 400 `invalid_consent_link`, 410 `consent_link_expired`, 409
 * `notice_changed` / `not_consented`: shown by the page. The consent carries the relationship and
 * the child's date of birth (issue 37, item 5): 409 `birth_date_mismatch` stops the link, which
 * is read again (its state is then `mismatch`). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

export type ParentLink = PublicSchemas["ParentLinkOut"];

export const parentLinkKeys = {
  link: (token: string) => ["consent", "parent-link", token] as const,
};

export function checkParentLink(token: string): Promise<ParentLink> {
  return api<ParentLink>("/public/api/consent/parent/check", {
    method: "POST",
    body: { token },
    silent: true,
  });
}

export const parentLinkQuery = (token: string) =>
  queryOptions({ queryKey: parentLinkKeys.link(token), queryFn: () => checkParentLink(token), retry: false });

export function useParentLink(token: string) {
  return useQuery(parentLinkQuery(token));
}

export interface ParentConsentBody {
  terms_version: string;
  privacy_version: string;
  /** "parent" or "guardian" ("" when not chosen: the server says so on the field). */
  relationship: string;
  /** dd/mm/yyyy, as the parent typed it. */
  child_birth_date: string;
}

export function useParentConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentConsentBody) =>
      api<ParentLink>("/public/api/consent/parent/consent", {
        method: "POST",
        body: { token, accept_terms: true, ...body },
        silent: true,
      }),
    onSuccess: (data) => queryClient.setQueryData(parentLinkKeys.link(token), data),
  });
}

/** After a refusal that changed the link (a date of birth that did not match), read it again. */
export function useRefreshParentLink(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: parentLinkKeys.link(token) });
}

export function useParentWithdraw(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ParentLink>("/public/api/consent/parent/withdraw", {
        method: "POST",
        body: { token },
        silent: true,
      }),
    onSuccess: (data) => queryClient.setQueryData(parentLinkKeys.link(token), data),
  });
}
