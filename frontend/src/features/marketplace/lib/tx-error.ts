import { ApiError } from "@/lib/api-client";
import type { MessageId } from "@/lib/intl";

/** The message for a transaction that could not be read: not found (404) or not loaded. */
export function transactionError(error: unknown): MessageId {
  return error instanceof ApiError && error.status === 404 ? "shop.tx.notFound" : "shop.tx.loadFailed";
}
