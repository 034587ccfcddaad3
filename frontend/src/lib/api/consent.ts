/** Consent (issue 24, item 1; decision 0021), read by the app layout (the blocking prompt and the
 * banner), the profile page (withdrawal), sign-up and invitations (the notices in force) and the
 * public terms and privacy pages (their version and date): one module, one key factory.
 *
 * - GET /api/v1/consent/me: the learner's state: the notices in force, the own and the parent's
 *   consent, the age band, the request to the parent, what the prompt asks, why buying is refused.
 * - GET /public/api/consent/notices?date_of_birth=dd/mm/yyyy: the notices in force and, for a date
 *   of birth, whether sign-up needs a parent's e-mail. The server decides the age (Vietnam day).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api, ApiError } from "@/lib/api-client";
import type { PublicSchemas, V1Schemas } from "@/lib/api/types";

export type ConsentState = V1Schemas["ConsentStateOut"];
export type ParentRequest = V1Schemas["ParentRequestOut"];
export type Notices = PublicSchemas["NoticesOut"];
export type NoticesWithAge = PublicSchemas["NoticesAgeOut"];
export type PromptAnswer = V1Schemas["PromptIn"];

/** The consent gate's refusals (decisions 0021 and 0048): 403 with a code of these and the
 * server's own message ("Waiting for your parent's consent…"), which every page shows as it came,
 * never as a role's refusal (that one is `forbidden_role`). */
export const CONSENT_REFUSALS = [
  "consent_required",
  "date_of_birth_required",
  "parental_consent_required",
] as const;

export function isConsentRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (CONSENT_REFUSALS as readonly string[]).includes(error.code)
  );
}

export const consentKeys = {
  all: ["consent"] as const,
  me: () => [...consentKeys.all, "me"] as const,
  notices: (dateOfBirth: string) => [...consentKeys.all, "notices", dateOfBirth] as const,
};

export function getConsentState(): Promise<ConsentState> {
  return api<ConsentState>("/api/v1/consent/me");
}

/** The signed-in learner's consent state; read again when the window regains focus, so a
 * parent's consent given meanwhile lifts the banner. */
export const consentStateQuery = () =>
  queryOptions({
    queryKey: consentKeys.me(),
    queryFn: getConsentState,
    staleTime: 30_000,
    refetchOnWindowFocus: "always",
  });

export function useConsentState(enabled = true) {
  return useQuery({ ...consentStateQuery(), enabled });
}

export function getNotices(dateOfBirth = ""): Promise<NoticesWithAge> {
  return api<NoticesWithAge>("/public/api/consent/notices", {
    query: dateOfBirth ? { date_of_birth: dateOfBirth } : {},
  });
}

export const noticesQuery = (dateOfBirth = "") =>
  queryOptions({
    queryKey: consentKeys.notices(dateOfBirth),
    queryFn: () => getNotices(dateOfBirth),
    staleTime: 5 * 60_000,
  });

export function useNotices(dateOfBirth = "") {
  return useQuery(noticesQuery(dateOfBirth));
}

/** After a consent call: the state and everything the gate affects (the cart's checkout shows
 * its refusal from the server anyway). */
function useSetState() {
  const queryClient = useQueryClient();
  return (state: ConsentState) => queryClient.setQueryData(consentKeys.me(), state);
}

/** POST /api/v1/consent/prompt: the blocking prompt's answer (400 field errors on accept_terms,
 * date_of_birth, parent_email; 409 notice_changed; 429 on the parent's mails), shown in place. */
export function useAnswerPrompt() {
  const setState = useSetState();
  return useMutation({
    mutationFn: (body: PromptAnswer) =>
      api<ConsentState>("/api/v1/consent/prompt", { method: "POST", body, silent: true }),
    onSuccess: setState,
  });
}

/** POST /api/v1/consent/parent/resend: mail the parent again (429 parent_mail_too_soon / _limit). */
export function useResendParent() {
  const setState = useSetState();
  return useMutation({
    mutationFn: () => api<ConsentState>("/api/v1/consent/parent/resend", { method: "POST", silent: true }),
    onSuccess: setState,
  });
}

/** PUT /api/v1/consent/parent: send the request to another address (400 on parent_email). */
export function useChangeParent() {
  const setState = useSetState();
  return useMutation({
    mutationFn: (parentEmail: string) =>
      api<ConsentState>("/api/v1/consent/parent", {
        method: "PUT",
        body: { parent_email: parentEmail },
        silent: true,
      }),
    onSuccess: setState,
  });
}

/** POST /api/v1/consent/withdraw: the learner withdraws their consent (then asked again). */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ withdrawn: number }>("/api/v1/consent/withdraw", { method: "POST", silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.all }),
  });
}
