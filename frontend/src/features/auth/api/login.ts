import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api, sessionStarted } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { Authorized } from "@/lib/auth/types";

export type LoginInput = PublicSchemas["LoginIn"];

/** POST /public/api/auth/login. 403 `email_not_verified` -> offer resend-verification-email.
 * Errors are shown inline by the form (silent). */
export function login(body: LoginInput): Promise<Authorized> {
  return api<Authorized>("/public/api/auth/login", { method: "POST", body, silent: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      sessionStarted();
      queryClient.setQueryData(authorizedQuery().queryKey, data);
    },
  });
}
