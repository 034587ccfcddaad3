import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

export type RegisterInput = PublicSchemas["RegisterIn"];

/** POST /public/api/users/register: 201 "check your e-mail", also for an address or CCCD number that
 * already has an account (the server mails its owner instead; it tells nobody which ones exist);
 * 400 field errors, shown inline. */
export function register(body: RegisterInput): Promise<PublicSchemas["RegisteredOut"]> {
  return api<PublicSchemas["RegisteredOut"]>("/public/api/users/register", {
    method: "POST",
    body,
    silent: true,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
