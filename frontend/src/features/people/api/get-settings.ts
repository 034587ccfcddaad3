import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { OrganizationSettings } from "./types";

/** GET /api/v1/organization/settings (any educator of the organization may read). */
export function getSettings(): Promise<OrganizationSettings> {
  return api<OrganizationSettings>("/api/v1/organization/settings");
}

export const settingsQuery = () => queryOptions({ queryKey: ["people", "settings"], queryFn: getSettings });

export function useOrganizationSettings() {
  return useQuery(settingsQuery());
}
