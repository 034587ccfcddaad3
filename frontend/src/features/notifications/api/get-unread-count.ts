import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

/** GET /api/v1/notification/unread-count: the bell's number. */
export function getUnreadCount(): Promise<V1Schemas["UnreadOut"]> {
  return api<V1Schemas["UnreadOut"]>("/api/v1/notification/unread-count", { silent: true });
}

export const unreadCountQuery = () =>
  queryOptions({ queryKey: ["notifications", "unread-count"], queryFn: getUnreadCount });

export function useUnreadCount() {
  return useQuery(unreadCountQuery());
}
