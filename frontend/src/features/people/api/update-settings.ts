import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";
import { authorizedQuery } from "@/lib/auth/get-authorized";

import { settingsQuery } from "./get-settings";
import type { OrganizationSettings } from "./types";

export type SettingsInput = V1Schemas["SettingsIn"];

/** PUT /api/v1/organization/settings (admins): display name, contact e-mail, default language;
 * field errors are shown on the form (silent). The header shows the new name after it. */
export function updateSettings(body: SettingsInput): Promise<OrganizationSettings> {
  return api<OrganizationSettings>("/api/v1/organization/settings", { method: "PUT", body, silent: true });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQuery().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });
    },
  });
}
