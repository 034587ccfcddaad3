import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { marketplaceKeys } from "./keys";
import type { ListingPage, ListingQuery } from "./types";

/** GET /api/v1/marketplace with page, limit, search, order_by, minprice, maxprice, mylistings
 * (spec §7), grade and subject. */
export function getListings(query: ListingQuery): Promise<ListingPage> {
  return api<ListingPage>("/api/v1/marketplace", { query: { ...query } });
}

export const listingsQuery = (query: ListingQuery) =>
  queryOptions({
    queryKey: marketplaceKeys.listingList(query),
    queryFn: () => getListings(query),
    placeholderData: keepPreviousData,
  });

export function useListings(query: ListingQuery) {
  return useQuery(listingsQuery(query));
}
