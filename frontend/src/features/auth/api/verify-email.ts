import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

/** POST /public/api/users/verify-email with the token of the mailed /verify-email?token= link. */
export function verifyEmail(token: PublicSchemas["TokenIn"]["token"]): Promise<object> {
  return api<object>("/public/api/users/verify-email", { method: "POST", body: { token }, silent: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
