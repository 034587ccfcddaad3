/** The notification panel (spec §2): tabs all / unread (a tab change clears and reloads), items
 * grouped today / yesterday / last 7 days / older, opening an item marks it read and toggles its
 * action buttons, mark all as read, more on scroll. Failures are logged (spec §8). */
import { useEffect, useState } from "react";

import { LangParts } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { ScrollArea } from "@/components/ui/scroll-area";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useNotifications, type NotificationItem, type NotificationTab } from "../api/get-notifications";
import { useMarkAsRead } from "../api/mark-as-read";
import { useRunAction } from "../api/run-action";

import { GROUPS, groupOf } from "./group-of";

export function NotificationPanel() {
  const t = useT();
  const { locale } = useLanguage();
  const [tab, setTab] = useState<NotificationTab>("all");
  const [open, setOpen] = useState<number | null>(null);
  const list = useNotifications(tab);
  const markAsRead = useMarkAsRead();
  const runAction = useRunAction();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = list.isFetching;

  useEffect(() => {
    if (list.error) console.error("notification load failed", list.error);
  }, [list.error]);

  function openItem(item: NotificationItem) {
    setOpen((current) => (current === item.id ? null : item.id));
    if (!item.has_read) markAsRead.mutate({ ids: [item.id], all: false });
  }

  return (
    <div className="flex w-[min(92vw,380px)] flex-col">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold">{t("notifications.title")}</h2>
        <Button variant="link" size="xs" onClick={() => markAsRead.mutate({ ids: [], all: true })}>
          {t("notifications.markAll")}
        </Button>
      </div>
      <div role="tablist" aria-label={t("notifications.title")} className="flex gap-1 px-4 pt-2">
        {(["all", "unread"] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => {
              setOpen(null);
              setTab(name);
            }}
            className={`rounded-full px-3 py-1 text-xs font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 ${tab === name ? "bg-blue-700 text-white" : "bg-slate-100 text-slate-700"}`}
          >
            {t(name === "all" ? "notifications.all" : "notifications.unread")}
          </button>
        ))}
      </div>
      <ScrollArea
        className="h-[360px]"
        onScroll={(event) => {
          const el = event.currentTarget;
          if (list.hasNextPage && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 40)
            void list.fetchNextPage();
        }}
      >
        <div role="tabpanel" className="px-2 py-2">
          {items.length === 0 && !loading && (
            <p className="px-2 py-8 text-center text-sm text-slate-500">{t("notifications.empty")}</p>
          )}
          {GROUPS.map((group) => {
            const rows = items.filter((i) => groupOf(i.created_at) === group);
            if (rows.length === 0) return null;
            const label = t(`notifications.group.${group}` as MessageId);
            return (
              <section key={group} aria-label={label}>
                <h3 className="px-2 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {label}
                </h3>
                <ul className="grid gap-1">
                  {rows.map((item) => (
                    <li key={item.id} className={`rounded-lg ${item.has_read ? "" : "bg-blue-50"}`}>
                      <button
                        type="button"
                        onClick={() => openItem(item)}
                        aria-expanded={open === item.id}
                        className="flex w-full items-start gap-2 rounded-lg px-2 py-2 text-left hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                      >
                        {!item.has_read && (
                          <span
                            role="img"
                            aria-label={t("notifications.unreadDot")}
                            className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-600"
                          />
                        )}
                        <span className="grid gap-0.5">
                          <span className="text-sm font-medium text-slate-900">
                            <LangParts text={item.title} parts={quoted(item.title_args)} />
                          </span>
                          <span className="text-xs text-slate-600">
                            <LangParts text={item.body} parts={quoted(item.body_args)} />
                          </span>
                          <span className="text-[11px] text-slate-600">
                            {formatDateTime(item.created_at, locale)}
                          </span>
                        </span>
                      </button>
                      {open === item.id && item.actions.length > 0 && (
                        <div className="flex flex-wrap gap-2 px-6 pb-2">
                          {item.actions.map((action, index) => (
                            <Button
                              key={action.url + index}
                              size="xs"
                              variant={index === 0 ? "default" : "outline"}
                              onClick={() => runAction.mutate(action)}
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
          {list.hasNextPage && !loading && (
            <div className="flex justify-center py-2">
              <Button variant="ghost" size="xs" onClick={() => void list.fetchNextPage()}>
                {t("notifications.more")}
              </Button>
            </div>
          )}
        </div>
      </ScrollArea>
    </div>
  );
}

/** The names a server-made notification text quotes (test, batch, organization, inviter): people's
 * content, Vietnamese, marked lang="vi" on English pages (WCAG 3.1.2). */
function quoted(args: NotificationItem["title_args"] | undefined): Array<string | null | undefined> {
  return args ? [args.test, args.batch, args.organization, args.inviter] : [];
}
