import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { cartKeys } from "./keys";
import type { Cart } from "./types";

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
      queryClient.setQueryData(cartKeys.all, cart);
      await queryClient.invalidateQueries({ queryKey: cartKeys.all }); // the header's badge too
    },
  });
}
