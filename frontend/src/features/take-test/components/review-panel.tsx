/** The review page before submitting: the questions left unanswered (a true/false set with some
 * statements unjudged says so) and those flagged for review, each a link back to it, and the
 * shared stimuli with the questions that refer to each (decision 0054). In a test in parts (issue
 * 39) each list is split by part, each run a list named by its part's short name ("Phần II"). */
import { ArrowLeft, Send } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import type { AttemptPart } from "../api/types";
import { groupByPart } from "../lib/parts";
import type { StimulusGroup } from "../lib/stimuli";
import type { NavItem } from "./question-nav";
import { useStimulusRange, useStimulusTitle } from "./stimulus-note";

export function ReviewPanel({
  items,
  parts = [],
  groups = [],
  onGo,
  onBack,
  onSubmit,
  disabled,
}: {
  items: NavItem[];
  /** The test's parts (issue 39); empty: each list in one run. */
  parts?: AttemptPart[];
  /** The test's shared stimuli, in its order. */
  groups?: StimulusGroup[];
  onGo: (index: number) => void;
  onBack: () => void;
  onSubmit: () => void;
  disabled: boolean;
}) {
  const t = useT();
  const range = useStimulusRange();
  const title = useStimulusTitle();
  const unanswered = items.map((item, index) => ({ ...item, index })).filter((i) => !i.answered);
  const flagged = items.map((item, index) => ({ ...item, index })).filter((i) => i.flagged);
  const id = useId();
  const buttons = (rows: typeof unanswered, labelledBy?: string) => (
    <ul className="flex flex-wrap gap-2" aria-labelledby={labelledBy}>
      {rows.map((row) => (
        <li key={row.id}>
          <Button variant="outline" size="sm" onClick={() => onGo(row.index)}>
            {t(row.partial ? "takeTest.review.partialN" : "takeTest.questionN", { n: row.index + 1 })}
          </Button>
        </li>
      ))}
    </ul>
  );
  const list = (
    rows: typeof unanswered,
    emptyId: "takeTest.review.noneUnanswered" | "takeTest.review.noneFlagged",
  ) =>
    rows.length === 0 ? (
      <p className="text-sm text-slate-600">{t(emptyId)}</p>
    ) : parts.length === 0 ? (
      buttons(rows)
    ) : (
      <div className="grid gap-3">
        {groupByPart(parts, rows).map((group, g) => {
          const label = group.part ? `${id}-${emptyId}-${g}` : undefined;
          return (
            <div key={label ?? g} className="grid gap-1">
              {group.part && (
                <p id={label} className="text-sm text-slate-600">
                  {group.part.place}
                </p>
              )}
              {buttons(group.rows, label)}
            </div>
          );
        })}
      </div>
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
      {groups.length > 0 && (
        <div className="grid gap-2">
          <h3 className="font-medium">{t("takeTest.review.stimuli", { count: groups.length })}</h3>
          <ul className="grid gap-2">
            {groups.map((group) => (
              <li key={group.stimulus.id}>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto text-left"
                  onClick={() => onGo(group.first)}
                >
                  {t("takeTest.review.stimulusItem", { range: range(group), title: title(group) })}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
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
