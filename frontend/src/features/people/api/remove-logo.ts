import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { authorizedQuery } from "@/lib/auth/get-authorized";

import { settingsQuery } from "./get-settings";
import type { OrganizationSettings } from "./types";

/** DELETE /api/v1/organization/settings/logo (admins). */
export function removeLogo(): Promise<OrganizationSettings> {
  return api<OrganizationSettings>("/api/v1/organization/settings/logo", { method: "DELETE", silent: true });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQuery().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });
    },
  });
}
