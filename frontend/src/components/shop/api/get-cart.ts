import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { CART_KEY, type Cart } from "./types";

/** GET /api/v1/shopping-cart: `cartItems` (listing, add-on, batch, price in VND and a `problem`
 * when a row can no longer be bought), `count` and `total` (VND). Educators get an empty cart. */
export function getCartView(): Promise<Cart> {
  return api<Cart>("/api/v1/shopping-cart", { silent: true });
}

/** Under the header's ["shopping-cart"] key, so that invalidating that key refreshes both. */
export const cartViewQuery = () => queryOptions({ queryKey: [...CART_KEY, "view"], queryFn: getCartView });

export function useCartView({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartViewQuery(), enabled });
}
