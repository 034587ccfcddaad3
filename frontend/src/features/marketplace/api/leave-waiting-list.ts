import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { listingQuery } from "./get-listing";
import { myWaitingQuery, waitingListPath } from "./get-my-waiting";

/** DELETE /api/v1/marketplace/{id}/waiting-list: leave the waiting list (an offered slot goes to
 * the next in line). Refusals are shown at the panel (silent). */
export function leaveWaitingList(listingId: number): Promise<object> {
  return api<object>(waitingListPath(listingId), { method: "DELETE", silent: true });
}

export function useLeaveWaitingList(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitingList(listingId),
    onSuccess: async () => {
      queryClient.setQueryData(myWaitingQuery(listingId).queryKey, null);
      queryClient.setQueryData(listingQuery(listingId).queryKey, (listing) =>
        listing ? { ...listing, on_waiting_list: false } : listing,
      );
      await queryClient.invalidateQueries({ queryKey: listingQuery(listingId).queryKey });
    },
  });
}
