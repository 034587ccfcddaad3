/** The review page before submitting: the questions left unanswered (a true/false set with some
 * statements unjudged says so) and those flagged for review, each a link back to it. */
import { ArrowLeft, Send } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import type { NavItem } from "./question-nav";

export function ReviewPanel({
  items,
  onGo,
  onBack,
  onSubmit,
  disabled,
}: {
  items: NavItem[];
  onGo: (index: number) => void;
  onBack: () => void;
  onSubmit: () => void;
  disabled: boolean;
}) {
  const t = useT();
  const unanswered = items.map((item, index) => ({ ...item, index })).filter((i) => !i.answered);
  const flagged = items.map((item, index) => ({ ...item, index })).filter((i) => i.flagged);
  const list = (
    rows: typeof unanswered,
    emptyId: "takeTest.review.noneUnanswered" | "takeTest.review.noneFlagged",
  ) =>
    rows.length === 0 ? (
      <p className="text-sm text-slate-600">{t(emptyId)}</p>
    ) : (
      <ul className="flex flex-wrap gap-2">
        {rows.map((row) => (
          <li key={row.id}>
            <Button variant="outline" size="sm" onClick={() => onGo(row.index)}>
              {t(row.partial ? "takeTest.review.partialN" : "takeTest.questionN", { n: row.index + 1 })}
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="review-heading" className="grid gap-6">
      <h2 id="review-heading" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t("takeTest.review.title")}
      </h2>
      <p className="text-sm text-slate-700">
        {t("takeTest.review.summary", { answered: items.length - unanswered.length, total: items.length })}
      </p>
      <div className="grid gap-2">
        <h3 className="font-medium">{t("takeTest.review.unanswered", { count: unanswered.length })}</h3>
        {list(unanswered, "takeTest.review.noneUnanswered")}
      </div>
      <div className="grid gap-2">
        <h3 className="font-medium">{t("takeTest.review.flagged", { count: flagged.length })}</h3>
        {list(flagged, "takeTest.review.noneFlagged")}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("takeTest.review.back")}
        </Button>
        <Button onClick={onSubmit} disabled={disabled}>
          <Send className="h-4 w-4" aria-hidden="true" /> {t("takeTest.submit")}
        </Button>
      </div>
    </section>
  );
}
