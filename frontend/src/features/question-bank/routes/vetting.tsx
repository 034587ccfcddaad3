/** /question-bank/vetting: questions colleagues submitted for vetting (never one's own). */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";

import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { vettingQueue } from "../api/authoring";
import { AuthoringTabs } from "../components/authoring-tabs";
import { stemOf, typeLabel } from "../components/labels";
import { MathHtml } from "@/components/math-html";

export default function VettingRoute() {
  const t = useT();
  const { language, locale } = useLanguage();
  const queue = useQuery({ queryKey: ["questions", "vetting"], queryFn: () => vettingQueue() });
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("qb.tab.vetting")}</h1>
      <AuthoringTabs />
      {queue.isPending && <p role="status">{t("common.loading")}</p>}
      {queue.data?.items.length === 0 && (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {t("qb.vettingEmpty")}
        </div>
      )}
      <ul className="grid gap-3">
        {queue.data?.items.map((q) => (
          <li key={q.id} className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4">
            <Link
              to={`/question-bank/form/${q.id}`}
              className="font-medium text-slate-900 hover:text-blue-700"
            >
              <MathHtml html={stemOf(q.stem, language) || `#${q.id}`} />
            </Link>
            <p className="text-xs text-slate-500">
              {t(typeLabel(q.type))} · {q.subject_name} · {t("field.grade")} {q.grade} · {q.created_by_name} ·{" "}
              {formatDateTime(q.updated_at, locale)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
