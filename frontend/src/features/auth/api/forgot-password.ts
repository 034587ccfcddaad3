import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

/** POST /public/api/users/forgot-password: the same answer for any e-mail. */
export function forgotPassword(email: PublicSchemas["EmailIn"]["email"]): Promise<object> {
  return api<object>("/public/api/users/forgot-password", { method: "POST", body: { email }, silent: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
