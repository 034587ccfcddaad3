import { useMutation, useQueryClient } from "@tanstack/react-query";

import { cartViewQuery } from "@/components/shop/api/get-cart";
import { CART_KEY, type Cart } from "@/components/shop/api/types";
import { api } from "@/lib/api-client";

/** DELETE /api/v1/shopping-cart/{id}: remove one row (404 unless it is the caller's); data: the
 * cart. Failures are shown in the confirmation dialog (silent). */
export function removeCartItem(id: number): Promise<Cart> {
  return api<Cart>(`/api/v1/shopping-cart/${id}`, { method: "DELETE", silent: true });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartViewQuery().queryKey, cart);
      await queryClient.invalidateQueries({ queryKey: CART_KEY }); // the header's badge too
    },
  });
}
