import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { marketplaceKeys } from "./keys";
import type { ListingDetail } from "./types";

/** GET /api/v1/marketplace/{id} (spec §7): one listing on sale (or withdrawn, for its own
 * organization); 404 otherwise. Read by the listing page and by the cart's change dialog (its
 * add-on prices and batches). `on_waiting_list`: whether the reader is on its waiting list (the
 * page asks for the place only then; issue 38 item 6). */
export function getListing(id: number): Promise<ListingDetail> {
  return api<ListingDetail>(`/api/v1/marketplace/${id}`);
}

export const listingQuery = (id: number) =>
  queryOptions({ queryKey: marketplaceKeys.listing(id), queryFn: () => getListing(id) });

export function useListing(id: number | null) {
  return useQuery({ ...listingQuery(id ?? 0), enabled: id !== null });
}
