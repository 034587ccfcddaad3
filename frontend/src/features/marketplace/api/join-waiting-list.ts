import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { listingQuery } from "./get-listing";
import { myWaitingQuery, waitingListPath } from "./get-my-waiting";
import type { MyWaiting } from "./types";

/** POST /api/v1/marketplace/{id}/waiting-list: join the waiting list of a test whose every batch
 * is full (learners). 409 `slots_available`, `already_waiting` are shown at the panel (silent). */
export function joinWaitingList(listingId: number): Promise<MyWaiting> {
  return api<MyWaiting>(waitingListPath(listingId), { method: "POST", silent: true });
}

export function useJoinWaitingList(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinWaitingList(listingId),
    onSuccess: async (entry) => {
      queryClient.setQueryData(myWaitingQuery(listingId).queryKey, entry);
      queryClient.setQueryData(listingQuery(listingId).queryKey, (listing) =>
        listing ? { ...listing, on_waiting_list: true } : listing,
      );
      await queryClient.invalidateQueries({ queryKey: listingQuery(listingId).queryKey });
    },
  });
}
