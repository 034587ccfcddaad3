import type { components } from "@/lib/api/v1";
import { api } from "@/lib/api-client";

export type NotificationAction = components["schemas"]["ActionOut"];
export type NotificationItem = components["schemas"]["NotificationOut"];
export type NotificationPage = components["schemas"]["NotificationPageOut"];

export const NOTIFICATION_PAGE_SIZE = 5;

/** GET api/v1/notification/list: limit 5, optional offset_id, has_read=false for unread. */
export function getNotifications({
  offsetId,
  unreadOnly,
}: {
  offsetId?: number | null;
  unreadOnly: boolean;
}) {
  return api<NotificationPage>("/api/v1/notification/list", {
    query: {
      limit: NOTIFICATION_PAGE_SIZE,
      offset_id: offsetId ?? undefined,
      has_read: unreadOnly ? "false" : undefined,
    },
    silent: true,
  });
}

export function getUnreadCount() {
  return api<{ count: number }>("/api/v1/notification/unread-count", { silent: true });
}

/** POST api/v1/notification/mark-as-read with ids (list) and all (boolean). */
export function markAsRead(body: { ids: number[]; all: boolean }) {
  return api<{ updated: number; unread_count: number }>("/api/v1/notification/mark-as-read", {
    method: "POST",
    body,
    silent: true,
  });
}

/** An action with target API is POSTed to its url; others open in a new window (spec §4). */
export async function runAction(action: NotificationAction): Promise<void> {
  if (action.target === "API") {
    await api(action.url, { method: "POST" });
  } else {
    window.open(action.url, "_blank", "noopener");
  }
}

export type NotificationGroup = "today" | "yesterday" | "last7" | "older";

/** Group by the reader's local day: today, yesterday, last 7 days, older. */
export function groupOf(createdAt: string, now: Date = new Date()): NotificationGroup {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const time = new Date(createdAt).getTime();
  const day = 24 * 60 * 60 * 1000;
  if (time >= startOfToday) return "today";
  if (time >= startOfToday - day) return "yesterday";
  if (time >= startOfToday - 6 * day) return "last7";
  return "older";
}
