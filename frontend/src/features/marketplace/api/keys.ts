/** The query keys of the marketplace domain, one factory per endpoint family (issue 22). The
 * header reads the cart (`cartKeys.all`) and the pending transactions (`transactionKeys` of
 * `@/lib/api/transactions`) through this feature's modules; invalidating a factory's prefix refreshes every view of it. */
import type { ListingQuery } from "./types";

export const marketplaceKeys = {
  all: ["marketplace"] as const,
  listings: () => [...marketplaceKeys.all, "listings"] as const,
  listingList: (query: ListingQuery) => [...marketplaceKeys.listings(), query] as const,
  listing: (id: number) => [...marketplaceKeys.all, "listing", id] as const,
  subjects: (mylistings: boolean, language: string) =>
    [...marketplaceKeys.all, "subjects", mylistings, language] as const,
  waiting: (listingId: number) => [...marketplaceKeys.all, "waiting", listingId] as const,
};

/** GET /api/v1/shopping-cart: one query for the header's badge, the cart, the checkout and the
 * add-to-cart panel. */
export const cartKeys = { all: ["shopping-cart"] as const };
