import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import type { Listing } from "./types";

/** GET /api/v1/marketplace/{id}: the listing's add-on prices and batches, for changing a cart
 * row's choice. */
export function getListing(id: number): Promise<Listing> {
  return api<Listing>(`/api/v1/marketplace/${id}`, { silent: true });
}

export const shopListingQuery = (id: number) =>
  queryOptions({ queryKey: ["shop", "listing", id], queryFn: () => getListing(id) });

export function useShopListing(id: number | null) {
  return useQuery({ ...shopListingQuery(id ?? 0), enabled: id !== null });
}
