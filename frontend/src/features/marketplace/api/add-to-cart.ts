import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { cartKeys } from "./keys";
import type { Cart, CartInput } from "./types";

/** POST /api/v1/shopping-cart `{listing_id, addon, batch_id}`: put a test in the cart or change
 * the add-on or batch of the one already there. Refusals are shown inline (silent): 400
 * `grade_required`, 403 for educators, 404, 409 with the rule's reason. data: the cart. */
export function addToCart(body: CartInput): Promise<Cart> {
  return api<Cart>("/api/v1/shopping-cart", { method: "POST", body, silent: true });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
      await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
