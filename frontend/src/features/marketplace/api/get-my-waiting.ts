import { queryOptions, useQuery } from "@tanstack/react-query";

import { ApiError, api } from "@/lib/api-client";

import { marketplaceKeys } from "./keys";
import type { MyWaiting } from "./types";

export const waitingListPath = (listingId: number) => `/api/v1/marketplace/${listingId}/waiting-list`;

/** GET /api/v1/marketplace/{id}/waiting-list: the learner's place on the listing's waiting
 * list (status waiting or offered, position, offered batch, claim deadline), or null when not on
 * it (404). */
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

export function useMyWaiting(listingId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...myWaitingQuery(listingId), enabled });
}
