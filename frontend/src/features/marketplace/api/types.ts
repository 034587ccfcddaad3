/** Payload types of the marketplace listings (spec §7 "Marketplace and cart"; issue 5, item 6),
 * from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type Listing = V1Schemas["ListingOut"];
export type ListingPage = V1Schemas["Page_ListingOut_"];
export type MyWaiting = V1Schemas["MyWaitingOut"];
export type PublishItem = V1Schemas["CreateItem"];
export type PublishableTest = V1Schemas["AssignableTestOut"];
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

/** A batch of a listing, as the listing's `batches` summary holds it. */
export interface ListingBatch {
  id: number;
  name: string;
  starts_at: string;
  expires_at: string;
  slots: number | null;
  available: number;
}

/** The listing's batches, read defensively from the API's loosely typed dictionaries. */
export function listingBatches(raw: ReadonlyArray<Record<string, unknown>>): ListingBatch[] {
  return raw
    .filter((b) => typeof b.id === "number")
    .map((b) => ({
      id: b.id as number,
      name: typeof b.name === "string" ? b.name : "",
      starts_at: String(b.starts_at ?? ""),
      expires_at: String(b.expires_at ?? ""),
      slots: typeof b.slots === "number" ? b.slots : null,
      available: typeof b.available === "number" ? b.available : 0,
    }));
}

/** Spec §8 "no slot available": no batch that has not ended has a free slot (the waiting-list
 * rule of the server). */
export function noSlotAvailable(batches: ListingBatch[], now: number): boolean {
  return !batches.some((b) => Date.parse(b.expires_at) > now && b.available > 0);
}
