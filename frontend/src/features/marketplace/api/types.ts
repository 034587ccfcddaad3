/** Payload types of the marketplace domain (spec §7 "Marketplace and cart", §3 "Transaction";
 * issues 5 and 6), from the generated OpenAPI types. */
import type { ListQuery, Page, V1Schemas } from "@/lib/api/types";

export type Listing = V1Schemas["ListingOut"];
/** One listing's page: the listing and `on_waiting_list` (the reader is on its waiting list). */
export type ListingDetail = V1Schemas["ListingDetailOut"];
export type ListingPage = Page<Listing>;
/** A batch of a listing (`ListingOut.batches`): its slots and free slots (`available`) now. */
export type ListingBatch = V1Schemas["ListingBatchOut"];
export type MyWaiting = V1Schemas["MyWaitingOut"];
export type PublishItem = V1Schemas["CreateItem"];
export type SubjectOption = V1Schemas["SubjectOptionOut"];

export type Cart = V1Schemas["CartOut"];
export type CartItem = V1Schemas["CartItemOut"];
export type CartInput = V1Schemas["CartIn"];

/** Add-ons a test listing can be bought with (a listing's price for one is null when it is not
 * offered; 0 means free). */
export type TestAddon = "test_only" | "test_advanced";

export type Transaction = V1Schemas["TransactionOut"];
export type TransactionItem = V1Schemas["TransactionItemOut"];
export type TransactionPage = Page<Transaction>;

/** docs/decisions/0007: PENDING (slots reserved until `expires_at`), COMPLETED (paid),
 * CANCELLED (by the learner), EXPIRED (not paid in time), FAILED (declined). */
export type TransactionStatus = Transaction["status"];
export const TRANSACTION_STATUSES = [
  "PENDING",
  "COMPLETED",
  "CANCELLED",
  "EXPIRED",
  "FAILED",
] as const satisfies readonly TransactionStatus[];

/** GET /api/v1/marketplace query (spec §3 "Marketplace list query", plus grade and subject). */
export interface ListingQuery extends ListQuery {
  page: number;
  limit: number;
  /** VND, on the test-only price (`order_by`: published_at, price, name, grade, starts_at). */
  minprice?: number;
  maxprice?: number;
  mylistings?: boolean;
  grade?: number;
  /** A subject code (GET /api/v1/marketplace/subjects). */
  subject?: string;
}

/** GET /api/v1/transaction query. */
export interface TransactionQuery extends ListQuery {
  page: number;
  limit: number;
  status?: string;
  /** Inclusive days (YYYY-MM-DD), Vietnam time. */
  from_date?: string;
  to_date?: string;
}

/** One item of POST /api/v1/transaction/checkout. */
export type CheckoutItem = { cart_item_id: number } | { listing_id: number; addon: string; batch_id: number };

/** Spec §8 "no slot available": no batch that has not ended has a free slot (the waiting-list
 * rule of the server). */
export function noSlotAvailable(batches: ReadonlyArray<ListingBatch>, now: number): boolean {
  return !batches.some((b) => Date.parse(b.expires_at) > now && b.available > 0);
}
