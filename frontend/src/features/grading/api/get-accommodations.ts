import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Accommodation } from "./types";

/** GET /api/v1/accommodations: the organization's extra-time grants (up to 200). */
export function getAccommodations(): Promise<Accommodation[]> {
  return api<Accommodation[]>("/api/v1/accommodations");
}

export const accommodationsQuery = () =>
  queryOptions({ queryKey: ["accommodations"], queryFn: getAccommodations });

export function useAccommodations() {
  return useQuery(accommodationsQuery());
}
