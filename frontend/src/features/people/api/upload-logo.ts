import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { authorizedQuery } from "@/lib/auth/get-authorized";

import { settingsQuery } from "./get-settings";
import type { OrganizationSettings } from "./types";

/** POST /api/v1/organization/settings/logo (multipart, field ``file``: JPEG, PNG or WebP by
 * content, at most 2 MB). 400 ``unsupported_image`` / 413 ``image_too_large`` are shown by the
 * page (silent). */
export function uploadLogo(file: File): Promise<OrganizationSettings> {
  const form = new FormData();
  form.append("file", file);
  return api<OrganizationSettings>("/api/v1/organization/settings/logo", {
    method: "POST",
    body: form,
    silent: true,
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQuery().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });
    },
  });
}
