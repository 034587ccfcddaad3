import { queryOptions, useQuery } from "@tanstack/react-query";

import { ApiError, api } from "@/lib/api-client";

import { marketplaceKeys } from "./keys";
import type { MyWaiting } from "./types";

export const waitingListPath = (listingId: number) => `/api/v1/marketplace/${listingId}/waiting-list`;

/** GET /api/v1/marketplace/{id}/waiting-list: the learner's place on the listing's waiting
 * list (status waiting or offered, position, offered batch, claim deadline), or null when not on
 * it (404). Asked only when the listing's detail says `on_waiting_list` (issue 38 item 6); null
 * otherwise, without a request. */
export async function getMyWaiting(listingId: number): Promise<MyWaiting | null> {
  try {
    return await api<MyWaiting>(waitingListPath(listingId), { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const myWaitingQuery = (listingId: number) =>
  queryOptions({ queryKey: marketplaceKeys.waiting(listingId), queryFn: () => getMyWaiting(listingId) });

/** The learner's place when `onList` (the listing's `on_waiting_list`) and `enabled`; `entry` is
 * null, and nothing is asked, when the learner is on no list. */
export function useMyWaiting(listingId: number, { enabled, onList }: { enabled: boolean; onList: boolean }) {
  const query = useQuery({ ...myWaitingQuery(listingId), enabled: enabled && onList });
  return {
    entry: onList ? (query.data ?? null) : null,
    isPending: enabled && onList && query.isPending,
    isError: enabled && onList && query.isError,
  };
}
