import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

/** POST /public/api/auth/resend-verification-email: the same answer for any e-mail. */
export function resendVerificationEmail(email: PublicSchemas["EmailIn"]["email"]): Promise<object> {
  return api<object>("/public/api/auth/resend-verification-email", { method: "POST", body: { email } });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
