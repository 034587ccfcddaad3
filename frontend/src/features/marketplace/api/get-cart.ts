/** GET /api/v1/shopping-cart, read through this one module under one key (issue 22): the
 * header's badge, the cart page, the checkout and the add-to-cart panel share the query. */
import { queryOptions, useQuery } from "@tanstack/react-query";

import { request, type ApiEnvelope } from "@/lib/api-client";

import { cartKeys } from "./keys";
import type { Cart } from "./types";

const EMPTY: Cart = { cartItems: [], count: 0, total: 0 };

/** `cartItems` (listing, add-on, batch, price in VND and a `problem` when a row can no longer be
 * bought), `count` and `total` (VND); read only when `success` is true (spec §3). Educators get an
 * empty cart. Failures are shown by the pages (silent: the header hides its badge). */
export async function getCart(): Promise<Cart> {
  const envelope = await request<ApiEnvelope<Cart>>("/api/v1/shopping-cart", { silent: true });
  return envelope.success ? { ...EMPTY, ...envelope.data } : EMPTY;
}

export const cartQuery = () => queryOptions({ queryKey: cartKeys.all, queryFn: getCart });

export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartQuery(), enabled });
}

/** The header badge: the number, "9+" above 9, nothing at 0 (spec §2). */
export function cartBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
