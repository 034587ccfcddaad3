import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { assignableTestKeys } from "@/lib/api/assignable-tests";

import { marketplaceKeys } from "./keys";
import type { Listing, PublishItem } from "./types";

/** POST /api/v1/marketplace/create_multiple (spec §7): publish approved tests with a price per
 * add-on in VND (0 = free), all or nothing. 400 errors are keyed `items.N.field`; 404 and 409
 * (`preset_not_approved`, `already_listed`) carry a message. Shown in the dialog (silent). */
export function publishListings(items: PublishItem[]): Promise<Listing[]> {
  return api<Listing[]>("/api/v1/marketplace/create_multiple", {
    method: "POST",
    body: { items },
    silent: true,
  });
}

export function usePublishListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishListings,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      await queryClient.invalidateQueries({ queryKey: assignableTestKeys.all });
    },
  });
}
