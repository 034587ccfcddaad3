/** The parent's link to a change of date of birth across 16 (issue 37, item 5): POST
 * /public/api/consent/birth-date/check (what the page shows), /confirm and /refuse, each with
 * `{token}` in the body. 400 `invalid_consent_link` (a change the learner withdrew or replaced):
 * shown by the page. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

export type BirthDateLink = PublicSchemas["BirthDateLinkOut"];

export const birthDateLinkKeys = {
  link: (token: string) => ["consent", "birth-date-link", token] as const,
};

export const birthDateLinkQuery = (token: string) =>
  queryOptions({
    queryKey: birthDateLinkKeys.link(token),
    queryFn: () =>
      api<BirthDateLink>("/public/api/consent/birth-date/check", {
        method: "POST",
        body: { token },
        silent: true,
      }),
    retry: false,
  });

export function useBirthDateLink(token: string) {
  return useQuery(birthDateLinkQuery(token));
}

/** Confirm (`true`) or refuse (`false`) the change; the page shows the answer's state. */
export function useBirthDateDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: boolean) =>
      api<BirthDateLink>(`/public/api/consent/birth-date/${confirm ? "confirm" : "refuse"}`, {
        method: "POST",
        body: { token },
        silent: true,
      }),
    onSuccess: (data) => queryClient.setQueryData(birthDateLinkKeys.link(token), data),
  });
}
