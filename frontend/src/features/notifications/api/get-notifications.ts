import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

export type NotificationAction = V1Schemas["NotificationActionOut"];
export type NotificationItem = V1Schemas["NotificationOut"];
export type NotificationPage = V1Schemas["NotificationPageOut"];
export type NotificationTab = "all" | "unread";

/** Page size of the panel (spec §9). */
export const NOTIFICATION_PAGE_SIZE = 5;

/** GET /api/v1/notification/list: limit 5, optional offset_id, has_read=false for the unread
 * tab. A failed load is only logged (spec §8), hence silent. */
export function getNotifications({
  offsetId,
  tab,
}: {
  offsetId?: number | null;
  tab: NotificationTab;
}): Promise<NotificationPage> {
  return api<NotificationPage>("/api/v1/notification/list", {
    query: {
      limit: NOTIFICATION_PAGE_SIZE,
      offset_id: offsetId ?? undefined,
      has_read: tab === "unread" ? "false" : undefined,
    },
    silent: true,
  });
}

export const notificationsQuery = (tab: NotificationTab) =>
  infiniteQueryOptions({
    queryKey: ["notifications", "list", tab],
    queryFn: ({ pageParam }) => getNotifications({ offsetId: pageParam, tab }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more_record ? last.next_offset_id : undefined),
    // A tab change (or reopening the panel) starts from an empty list and reloads (spec §2).
    staleTime: 0,
    gcTime: 0,
  });

export function useNotifications(tab: NotificationTab) {
  return useInfiniteQuery(notificationsQuery(tab));
}
