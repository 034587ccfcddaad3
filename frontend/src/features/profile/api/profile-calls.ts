import { api } from "@/lib/api-client";

import type { CurrentUser } from "@/lib/auth/types";

export type ProfileInput = Partial<
  Record<
    | "name"
    | "alternate_email"
    | "level"
    | "class_name"
    | "school_name"
    | "district_text"
    | "province_code"
    | "curriculum"
    | "phone"
    | "gender"
    | "date_of_birth"
    | "job_title",
    string
  >
> & {
  grade?: number | null;
};

/** PUT /api/v1/users/profile/self */
export const updateProfile = (body: ProfileInput) =>
  api<CurrentUser>("/api/v1/users/profile/self", { method: "PUT", body, silent: true });
/** PUT /api/v1/users/profile/self/grade */
export const updateGrade = (grade: number) =>
  api<CurrentUser>("/api/v1/users/profile/self/grade", { method: "PUT", body: { grade } });

/** POST /api/v1/users/profile/self/upload-photo (multipart, field file) */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append("file", file);
  return api<CurrentUser>("/api/v1/users/profile/self/upload-photo", { method: "POST", body: form });
}

/** DELETE /api/v1/users/profile/self/remove-photo */
export const removePhoto = () =>
  api<CurrentUser>("/api/v1/users/profile/self/remove-photo", { method: "DELETE" });
