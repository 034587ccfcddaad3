/** /question-bank/vetting: questions colleagues submitted for vetting (never one's own). */
import { Link } from "react-router-dom";

import { MathHtml } from "@/components/math-html";
import { QueryState } from "@/components/list/query-rows";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useVettingQueue } from "../api/get-vetting-queue";
import { AuthoringTabs } from "../components/authoring-tabs";
import { EmptyCard } from "../components/empty-card";
import { typeLabel } from "../components/labels";

export default function VettingRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const queue = useVettingQueue();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("qb.tab.vetting")}</h1>
      <AuthoringTabs />
      <QueryState query={queue} failed={t("qb.loadFailed")}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyCard>{t("qb.vettingEmpty")}</EmptyCard>
          ) : (
            <ul className="grid gap-3">
              {items.map((q) => (
                <li key={q.id} className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4">
                  <Link
                    to={`/question-bank/form/${q.id}`}
                    className="font-medium text-slate-900 hover:text-blue-700"
                  >
                    <MathHtml text={q.stem} empty={`#${q.id}`} />
                  </Link>
                  <p className="text-xs text-slate-500">
                    {t(typeLabel(q.type))} · {q.subject_name} · {t("field.grade")} {q.grade} ·{" "}
                    {q.created_by_name} · {formatDateTime(q.updated_at, locale)}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
