/** The notification panel (spec §2): tabs all / unread (a tab change clears and reloads), items
 * grouped today / yesterday / last 7 days / older, opening an item marks it read and toggles its
 * action buttons, mark all as read, more on scroll. Failures are logged (spec §8). */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { ScrollArea } from "@/components/ui/scroll-area";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import {
  getNotifications,
  groupOf,
  markAsRead,
  runAction,
  type NotificationGroup,
  type NotificationItem,
} from "../api/notifications";

const GROUPS: NotificationGroup[] = ["today", "yesterday", "last7", "older"];

export function NotificationPanel({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const { locale } = useLanguage();
  const [tab, setTab] = useState<"all" | "unread">("all");
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const queryClient = useQueryClient();

  const load = useCallback(
    async (offsetId: number | null, replace: boolean) => {
      setLoading(true);
      try {
        const page = await getNotifications({ offsetId, unreadOnly: tab === "unread" });
        setItems((old) => (replace ? page.items : [...old, ...page.items]));
        setNext(page.next_offset_id);
        setMore(page.has_more_record);
      } catch (error) {
        console.error("notification load failed", error);
      } finally {
        setLoading(false);
      }
    },
    [tab],
  );

  useEffect(() => {
    setItems([]);
    setNext(null);
    void load(null, true);
  }, [load]);

  async function openItem(item: NotificationItem) {
    setOpen((current) => (current === item.id ? null : item.id));
    if (item.has_read) return;
    try {
      await markAsRead({ ids: [item.id], all: false });
      setItems((old) => old.map((i) => (i.id === item.id ? { ...i, has_read: true } : i)));
      onChanged();
    } catch (error) {
      console.error("mark as read failed", error);
    }
  }

  async function markAll() {
    try {
      await markAsRead({ ids: [], all: true });
      setItems((old) => (tab === "unread" ? [] : old.map((i) => ({ ...i, has_read: true }))));
      onChanged();
    } catch (error) {
      console.error("mark all as read failed", error);
    }
  }

  async function act(item: NotificationItem, index: number) {
    const action = item.actions[index];
    if (!action) return;
    try {
      await runAction(action);
      await queryClient.invalidateQueries();
    } catch (error) {
      console.error("notification action failed", error);
    }
  }

  return (
    <div className="flex w-[min(92vw,380px)] flex-col">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold">{t("notifications.title")}</h2>
        <Button variant="link" size="xs" onClick={markAll}>
          {t("notifications.markAll")}
        </Button>
      </div>
      <div role="tablist" aria-label={t("notifications.title")} className="flex gap-1 px-4 pt-2">
        {(["all", "unread"] as const).map((name) => (
          <button
            key={name}
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`rounded-full px-3 py-1 text-xs font-medium ${tab === name ? "bg-blue-700 text-white" : "bg-slate-100 text-slate-700"}`}
          >
            {t(name === "all" ? "notifications.all" : "notifications.unread")}
          </button>
        ))}
      </div>
      <ScrollArea
        className="h-[360px]"
        onScroll={(event) => {
          const el = event.currentTarget;
          if (more && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 40)
            void load(next, false);
        }}
      >
        <div className="px-2 py-2">
          {items.length === 0 && !loading && (
            <p className="px-2 py-8 text-center text-sm text-slate-500">{t("notifications.empty")}</p>
          )}
          {GROUPS.map((group) => {
            const rows = items.filter((i) => groupOf(i.created_at) === group);
            if (rows.length === 0) return null;
            return (
              <section key={group} aria-label={t(`notifications.group.${group}` as MessageId)}>
                <h3 className="px-2 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t(`notifications.group.${group}` as MessageId)}
                </h3>
                <ul className="grid gap-1">
                  {rows.map((item) => (
                    <li key={item.id} className={`rounded-lg ${item.has_read ? "" : "bg-blue-50"}`}>
                      <button
                        type="button"
                        onClick={() => openItem(item)}
                        aria-expanded={open === item.id}
                        className="flex w-full items-start gap-2 rounded-lg px-2 py-2 text-left hover:bg-slate-100"
                      >
                        {!item.has_read && (
                          <span
                            aria-label={t("notifications.unreadDot")}
                            className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-600"
                          />
                        )}
                        <span className="grid gap-0.5">
                          <span className="text-sm font-medium text-slate-900">{item.title}</span>
                          <span className="text-xs text-slate-600">{item.body}</span>
                          <span className="text-[11px] text-slate-400">
                            {formatDateTime(item.created_at, locale)}
                          </span>
                        </span>
                      </button>
                      {open === item.id && item.actions.length > 0 && (
                        <div className="flex gap-2 px-6 pb-2">
                          {item.actions.map((action, index) => (
                            <Button
                              key={action.url + index}
                              size="xs"
                              variant={index === 0 ? "default" : "outline"}
                              onClick={() => act(item, index)}
                            >
                              {action.label}
                            </Button>
                          ))}
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          {loading && <p className="py-2 text-center text-xs text-slate-500">{t("common.loading")}</p>}
        </div>
      </ScrollArea>
    </div>
  );
}
