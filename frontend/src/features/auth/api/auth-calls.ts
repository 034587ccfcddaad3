/** Public identity calls (spec §7 "Authentication and users"), one function per endpoint. */
import { api } from "@/lib/api-client";

import type { Authorized } from "@/lib/auth/types";

export interface LoginInput {
  email: string;
  password: string;
}

export const login = (body: LoginInput) =>
  api<Authorized>("/public/api/auth/login", { method: "POST", body, silent: true });
export const resendVerification = (email: string) =>
  api<object>("/public/api/auth/resend-verification-email", { method: "POST", body: { email } });
export const logout = () => api<object>("/api/v1/auth/logout", { method: "POST", silent: true });
export const switchProfile = (profileId: number) =>
  api<Authorized>("/api/v1/users/switch-profile", {
    method: "POST",
    body: { profile_id: profileId },
    silent: true,
  });

export interface RegisterInput {
  email: string;
  password: string;
  confirm_password: string;
  name: string;
  gender: string;
  date_of_birth: string;
  cccd: string;
  class_name: string;
  school_name: string;
  district_text: string;
  province_code: string;
  curriculum: string;
  phone: string;
  contact_email: string;
}

export const register = (body: RegisterInput) =>
  api<{ email: string }>("/public/api/users/register", { method: "POST", body, silent: true });
export const verifyEmail = (token: string) =>
  api<object>("/public/api/users/verify-email", { method: "POST", body: { token }, silent: true });
export const forgotPassword = (email: string) =>
  api<object>("/public/api/users/forgot-password", { method: "POST", body: { email }, silent: true });
export const resetPassword = (body: {
  uid: string;
  token: string;
  password: string;
  confirm_password: string;
}) => api<object>("/public/api/users/reset-password", { method: "POST", body, silent: true });

export interface InvitationInfo {
  email: string;
  role: "EDUCATOR" | "LEARNER";
  organization: { id: number; name: string };
  invited_by: string | null;
  has_account: boolean;
  expires_at: string;
}

export type InvitationKind = "educator" | "learner";
export const checkInvitation = (kind: InvitationKind, token: string) =>
  api<InvitationInfo>(`/public/api/users/${kind}/check-invitation`, {
    method: "POST",
    body: { token },
    silent: true,
  });
export const rejectInvitation = (kind: InvitationKind, token: string) =>
  api<object>(`/public/api/users/${kind}/reject-invitation`, {
    method: "POST",
    body: { token },
    silent: true,
  });
export const registerInvited = (
  kind: InvitationKind,
  body: { token: string; name: string; password: string; confirm_password: string },
) => api<Authorized>(`/public/api/users/${kind}/register-invited`, { method: "POST", body, silent: true });
