import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PublicSchemas } from "@/lib/api/types";

export type ResetPasswordInput = PublicSchemas["ResetPasswordIn"];

/** POST /public/api/users/reset-password with uid and token of the mailed
 * /reset-password?uid=..&token=.. link. */
export function resetPassword(body: ResetPasswordInput): Promise<object> {
  return api<object>("/public/api/users/reset-password", { method: "POST", body, silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
