import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Accommodation } from "./types";

export const accommodationKeys = { all: ["accommodations"] as const };

/** GET /api/v1/accommodations: the organization's extra-time grants (up to 200). */
export function getAccommodations(): Promise<Accommodation[]> {
  return api<Accommodation[]>("/api/v1/accommodations");
}

export const accommodationsQuery = () =>
  queryOptions({ queryKey: accommodationKeys.all, queryFn: getAccommodations });

export function useAccommodations() {
  return useQuery(accommodationsQuery());
}
