import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";

/** POST /api/v1/users/profile/self/upload-photo (multipart, field `file`; JPEG, PNG or WebP
 * of at most 5 MB, checked by content on the server). */
export function uploadPhoto(file: File): Promise<CurrentUser> {
  const form = new FormData();
  form.append("file", file);
  return api<CurrentUser>("/api/v1/users/profile/self/upload-photo", { method: "POST", body: form });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey }),
  });
}
