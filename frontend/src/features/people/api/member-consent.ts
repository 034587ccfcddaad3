import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type MemberConsent = V1Schemas["MemberConsentOut"];

export const memberConsentKeys = {
  all: ["people", "consent"] as const,
  one: (id: number, language: string) => [...memberConsentKeys.all, id, language] as const,
};

/** GET /api/v1/organization/members/{id}/consent: a roster learner's consent (own, the parent's
 * by link or on paper, whether blocked; messages in the request's language), for the
 * organization's educators (issue 24, item 1). 404 for another organization's learner. */
export function getMemberConsent(id: number): Promise<MemberConsent> {
  return api<MemberConsent>(`/api/v1/organization/members/${id}/consent`);
}

export const memberConsentQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: memberConsentKeys.one(id, language),
    queryFn: () => getMemberConsent(id),
    staleTime: 0,
  });

export function useMemberConsent(id: number | null, language: string) {
  return useQuery({ ...memberConsentQuery(id ?? 0, language), enabled: id !== null });
}

/** POST (record) or DELETE (withdraw) /api/v1/organization/members/{id}/consent/paper: a parent's
 * consent obtained on paper, by an organization admin (403 `not_org_admin`, 409 when one is in
 * force or none to withdraw), shown in the dialog. */
export function usePaperConsent(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, note }: { record: boolean; note?: string }) =>
      api<MemberConsent>(`/api/v1/organization/members/${id}/consent/paper`, {
        method: record ? "POST" : "DELETE",
        body: record ? { note: note ?? "" } : undefined,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberConsentKeys.all }),
  });
}

export type ConsentRoster = V1Schemas["ConsentRosterOut"];
export type Standing = MemberConsent["standing"];
export interface ConsentRosterParams {
  standing: string;
  search: string;
  page: number;
  limit: number;
}

/** GET /api/v1/organization/consents (decision 0048): the organization's learners with their
 * consent, by name, `standing` clear | renewal (not re-consented to a new version) | blocked, and
 * the counts per standing; for the organization's educators (a learner: 403). */
export function getConsentRoster(params: ConsentRosterParams): Promise<ConsentRoster> {
  return api<ConsentRoster>("/api/v1/organization/consents", {
    query: {
      ...(params.standing ? { standing: params.standing } : {}),
      ...(params.search ? { search: params.search } : {}),
      page: params.page,
      limit: params.limit,
    },
  });
}

/** Under `memberConsentKeys.all`: a paper consent recorded or withdrawn reads the list again. */
export const consentRosterQuery = (params: ConsentRosterParams, language: string) =>
  queryOptions({
    queryKey: [...memberConsentKeys.all, "roster", params, language] as const,
    queryFn: () => getConsentRoster(params),
    placeholderData: (previous) => previous,
  });
/** POST /api/v1/organization/members/{id}/birth-date/confirm (or /refuse): an organization admin
 * confirms or refuses a roster learner's change of date of birth across 16 (issue 37, item 5;
 * 409 `no_birth_date_change` when none waits), shown in the dialog. */
export function useBirthDateDecision(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: boolean) =>
      api<MemberConsent>(`/api/v1/organization/members/${id}/birth-date/${confirm ? "confirm" : "refuse"}`, {
        method: "POST",
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberConsentKeys.all }),
  });
}
