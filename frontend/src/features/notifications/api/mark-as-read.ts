import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

import type { NotificationPage } from "./get-notifications";
import { unreadCountQuery } from "./get-unread-count";

export type MarkAsReadInput = V1Schemas["MarkReadIn"];

/** POST /api/v1/notification/mark-as-read with ids (list) and all (boolean). A failure is
 * logged and the item stays unread (spec §8), hence silent. */
export function markAsRead(body: MarkAsReadInput): Promise<V1Schemas["MarkReadOut"]> {
  return api<V1Schemas["MarkReadOut"]>("/api/v1/notification/mark-as-read", {
    method: "POST",
    body,
    silent: true,
  });
}

/** On success the cached pages mark the items read (the unread tab keeps them until it
 * reloads) and the bell takes the server's unread count. */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAsRead,
    onSuccess: (result, input) => {
      const read = (id: number) => !!input.all || (input.ids ?? []).includes(id);
      queryClient.setQueriesData<InfiniteData<NotificationPage>>(
        { queryKey: ["notifications", "list"] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((item) => (read(item.id) ? { ...item, has_read: true } : item)),
                })),
              }
            : data,
      );
      queryClient.setQueryData(unreadCountQuery().queryKey, { count: result.unread_count });
    },
    onError: (error) => console.error("mark as read failed", error),
  });
}
