/** A question's status changes: when, version, who, from -> to, and the comment. */
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { Transition } from "../api/types";
import { statusLabel } from "./labels";

export function QuestionHistory({ history }: { history: Transition[] }) {
  const t = useT();
  const { language } = useLanguage();
  if (history.length === 0) return null;
  return (
    <section
      className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5"
      aria-labelledby="history-heading"
    >
      <h2 id="history-heading" className="font-semibold">
        {t("qb.history")}
      </h2>
      <ol className="grid gap-1 text-sm">
        {history.map((h) => (
          <li key={h.id} className="text-slate-700">
            <span className="text-slate-500">
              {formatDateTime(h.created_at, language === "en" ? "en-GB" : "vi-VN")}
            </span>{" "}
            · v{h.version} · {h.actor_name}: {h.from_status ? `${t(statusLabel(h.from_status))} → ` : ""}
            {t(statusLabel(h.to_status))}
            {h.comment && <span className="italic"> — “{h.comment}”</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
