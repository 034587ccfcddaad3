import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Listing } from "./types";

/** GET /api/v1/marketplace/{id} (spec §7): one listing on sale (or withdrawn, for its own
 * organization); 404 otherwise. */
export function getListing(id: number): Promise<Listing> {
  return api<Listing>(`/api/v1/marketplace/${id}`);
}

export const listingQuery = (id: number) =>
  queryOptions({ queryKey: ["marketplace", "listing", id], queryFn: () => getListing(id) });

export function useListing(id: number) {
  return useQuery(listingQuery(id));
}
