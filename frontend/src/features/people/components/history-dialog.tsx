/** A member's membership history (who did what, when), newest first. */
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useMemberEvents } from "../api/get-member-events";
import type { Member } from "../api/types";

export function HistoryDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const t = useT();
  const { language, locale } = useLanguage();
  const events = useMemberEvents(member?.id ?? null, language);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("people.history.title", { name: member?.name ?? "" })}
      description={member?.email}
      closeLabel={t("common.close")}
    >
      {events.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : events.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("people.loadFailed")}
        </p>
      ) : events.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("people.history.empty")}</p>
      ) : (
        <div className="max-h-96 overflow-y-auto pl-2">
          <ol className="grid border-l-2 border-slate-200 pl-5">
            {events.data.map((event) => (
              <li key={event.id} className="relative pb-4 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute -left-[27px] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-blue-600"
                />
                <p className="text-sm font-medium text-slate-900">{event.label}</p>
                <p className="text-xs text-slate-600">
                  {event.actor_name
                    ? t("people.history.by", { name: event.actor_name })
                    : t("people.history.self")}{" "}
                  · <time dateTime={event.created_at}>{formatDateTime(event.created_at, locale)}</time>
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
