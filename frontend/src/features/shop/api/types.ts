/** Transaction payload types (issue 6; spec section 3 "Transaction"), from the generated
 * OpenAPI types. Cart types live with the shared add-to-cart panel (`@/components/shop`). */
import type { V1Schemas } from "@/lib/api/types";

export type Transaction = V1Schemas["TransactionOut"];
export type TransactionItem = V1Schemas["TransactionItemOut"];
export type TransactionPage = V1Schemas["Page_TransactionOut_"];
export type Listing = V1Schemas["ListingOut"];

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

export interface TransactionQuery {
  page: number;
  limit: number;
  search?: string;
  status?: string;
  /** Inclusive days (YYYY-MM-DD), Vietnam time. */
  from_date?: string;
  to_date?: string;
  order_by?: string;
}

/** One item of POST /api/v1/transaction/checkout. */
export type CheckoutItem = { cart_item_id: number } | { listing_id: number; addon: string; batch_id: number };
