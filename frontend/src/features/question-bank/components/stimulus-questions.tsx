/** The questions of a shared stimulus in their order (decision 0054): each with its status, a
 * link to edit it, and while the stimulus can change, buttons to move it up or down or take it
 * out; a question of the bank to add, and a new question for the stimulus. */
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { MathHtml } from "@/components/math-html";
import { SectionCard } from "@/components/ui/section-card";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { NONE, Select } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import type { QuestionRow, Stimulus } from "../api/types";
import { typeLabel } from "./labels";
import { StatusBadge } from "./status-badge";

/** Questions that may join: of the bank, outside any stimulus, a draft, rejected or published. */
const JOINABLE = new Set(["draft", "rejected", "published"]);

export function StimulusQuestions({
  stimulus,
  editable,
  candidates,
  busy,
  onChange,
}: {
  stimulus: Stimulus;
  /** The group can change (the stimulus is a draft or rejected). */
  editable: boolean;
  /** The bank's questions (a page of them), those that may join offered to add. */
  candidates: QuestionRow[];
  busy: boolean;
  /** Save the stimulus' questions in this order. */
  onChange: (questionIds: number[]) => void;
}) {
  const t = useT();
  const [adding, setAdding] = useState(NONE);
  const ids = stimulus.questions.map((q) => q.id);
  const offered = candidates.filter((q) => q.stimulus === null && JOINABLE.has(q.status));
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <SectionCard
      title={t("qb.stimulus.questions")}
      intro={t("qb.stimulus.questionsIntro")}
      aside={
        editable && (
          <ButtonLink
            variant="outline"
            size="sm"
            to={`/question-bank/form/new?bank=${stimulus.bank_id}&stimulus=${stimulus.id}`}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> {t("qb.stimulus.newQuestion")}
          </ButtonLink>
        )
      }
    >
      {stimulus.questions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("qb.stimulus.noQuestions")}</p>
      ) : (
        <ol className="grid gap-2">
          {stimulus.questions.map((q, index) => (
            <li
              key={q.id}
              className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm"
            >
              <span className="font-semibold text-slate-500">{index + 1}.</span>
              <Link to={`/question-bank/form/${q.id}`} className="min-w-48 flex-1 hover:text-blue-700">
                <MathHtml text={q.stem} empty={`#${q.id}`} className="line-clamp-2" />
                <span className="text-xs text-slate-500">{t(typeLabel(q.type))}</span>
              </Link>
              <StatusBadge status={q.status} />
              {editable && (
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t("qb.stimulus.moveUp", { n: index + 1 })}
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t("qb.stimulus.moveDown", { n: index + 1 })}
                    disabled={busy || index === ids.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t("qb.stimulus.remove", { n: index + 1 })}
                    disabled={busy}
                    onClick={() => onChange(ids.filter((id) => id !== q.id))}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {editable && offered.length > 0 && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (adding === NONE) return;
            onChange([...ids, Number(adding)]);
            setAdding(NONE);
          }}
        >
          <label className="grid min-w-0 flex-1 gap-1 text-sm font-medium text-slate-700">
            {t("qb.stimulus.addExisting")}
            <Select value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value={NONE} disabled>
                {t("common.choose")}
              </option>
              {offered.map((q) => (
                <option key={q.id} value={String(q.id)}>
                  {`#${q.id} ${plainStem(q)}`.slice(0, 90)}
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit" variant="outline" disabled={busy || adding === NONE}>
            {t("qb.stimulus.add")}
          </Button>
        </form>
      )}
    </SectionCard>
  );
}

/** A row's stem as plain text for a select's option (Vietnamese, else English). */
function plainStem(q: QuestionRow): string {
  const html = q.stem.vi || q.stem.en;
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}
