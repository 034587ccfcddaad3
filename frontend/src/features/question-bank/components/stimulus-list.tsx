/** A folder's shared stimuli (decision 0054): each a link to its page, with its status and how
 * many questions hang from it. Nothing when the folder has none. */
import { BookOpenText } from "lucide-react";
import { Link } from "react-router-dom";

import { MathSpan } from "@/components/math-html";
import { useT } from "@/lib/intl";

import { useStimuli } from "../api/get-stimuli";
import { StatusBadge } from "./status-badge";

export function StimulusList({ bankId }: { bankId: number }) {
  const t = useT();
  const stimuli = useStimuli({ bank_id: bankId, limit: 100 });
  const items = stimuli.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="stimuli-heading" className="grid gap-2">
      <h2 id="stimuli-heading" className="text-base font-semibold">
        {t("qb.stimulus.list")}
      </h2>
      <ul className="grid gap-2 md:grid-cols-2">
        {items.map((s) => (
          <li key={s.id}>
            <Link
              to={`/question-bank/stimulus/${s.id}`}
              className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50/60 px-3 py-2 text-sm hover:border-amber-400"
            >
              <BookOpenText className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <MathSpan text={s.title} empty={t("qb.stimulus.untitled")} className="font-medium" />
                <span className="text-xs text-slate-600">
                  {t("qb.stimulus.questionCount", { count: s.question_count })}
                </span>
              </span>
              <StatusBadge status={s.status} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
