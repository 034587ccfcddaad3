import { queryOptions, useQuery } from "@tanstack/react-query";

import { request, type ApiEnvelope } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

type Cart = V1Schemas["CartOut"];
type CartItem = V1Schemas["CartItemOut"];

/** GET /api/v1/shopping-cart: `data.cartItems`, read only when `success` is true (spec §3). */
export async function getCart(): Promise<CartItem[]> {
  try {
    const envelope = await request<ApiEnvelope<Partial<Cart>>>("/api/v1/shopping-cart");
    return envelope.success ? (envelope.data.cartItems ?? []) : [];
  } catch {
    return []; // before the marketplace exists the call answers 404, swallowed by the client
  }
}

export const cartQuery = () => queryOptions({ queryKey: ["shopping-cart"], queryFn: getCart });

export function useCart() {
  return useQuery(cartQuery());
}

/** The header badge: the number, "9+" above 9, nothing at 0 (spec §2). */
export function cartBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
