/** Payload types of the marketplace listings (spec §7 "Marketplace and cart"; issue 5, item 6),
 * from the generated OpenAPI types. */
import type { ListingBatch } from "@/components/shop/batch-when";
import type { V1Schemas } from "@/lib/api/types";

export type Listing = V1Schemas["ListingOut"];
export type ListingPage = V1Schemas["Page_ListingOut_"];
export type MyWaiting = V1Schemas["MyWaitingOut"];
export type PublishItem = V1Schemas["CreateItem"];
export type PublishableTest = V1Schemas["AssignableTestOut"];
export type PublishableTestPage = V1Schemas["Page_AssignableTestOut_"];
export type SubjectOption = V1Schemas["SubjectOptionOut"];

/** GET /api/v1/marketplace query (spec §3 "Marketplace list query", plus grade and subject). */
export interface ListingQuery {
  page: number;
  limit: number;
  search?: string;
  /** published_at, price, name, grade, starts_at; "-" descends. */
  order_by?: string;
  /** VND, on the test-only price. */
  minprice?: number;
  maxprice?: number;
  mylistings?: boolean;
  grade?: number;
  /** A subject code (GET /api/v1/marketplace/subjects). */
  subject?: string;
}

/** A listing's batch (`ListingOut.batches`). */
export type { ListingBatch } from "@/components/shop/batch-when";

/** Spec §8 "no slot available": no batch that has not ended has a free slot (the waiting-list
 * rule of the server). */
export function noSlotAvailable(batches: ReadonlyArray<ListingBatch>, now: number): boolean {
  return !batches.some((b) => Date.parse(b.expires_at) > now && b.available > 0);
}
