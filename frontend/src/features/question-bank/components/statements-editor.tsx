/** A true/false set's statements (the national exam's phần II, issue 39): 2 to 6 statements
 * a), b)... in the language being edited (formulas as $...$, like the stem), each with its
 * Đúng/Sai key; adding or removing one resets the scoring table to the default for the new count
 * (`ScoringTableEditor` shows it). */
import { Plus, Trash2 } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { NONE } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";
import { statementLetter } from "@/lib/statements";

import { MAX_STATEMENTS, MIN_STATEMENTS, STATEMENT_IDS } from "../lib/draft";
import type { Lang, QuestionValues, StatementValues } from "../lib/question-schema";
import { defaultScoringTable } from "../lib/scoring-table";
import { TextArea } from "./text-area";

const judge =
  "flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600";

export function StatementsEditor({ lang }: { lang: Lang }) {
  const t = useT();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const statements = useWatch({ control, name: "statements" });
  const set = { shouldDirty: true } as const;
  const error = errors.statements?.message ?? errors.statements?.root?.message;

  function replace(next: StatementValues[]) {
    setValue("statements", next, set);
    setValue("scoring_table", defaultScoringTable(next.length), set);
  }

  function add() {
    const id = STATEMENT_IDS.split("").find((l) => !statements.some((s) => s.id === l))!;
    replace([...statements, { id, vi: "", en: "", key: NONE as StatementValues["key"] }]);
  }

  return (
    <div className="grid gap-2" role="group" aria-labelledby="statements-heading">
      <p id="statements-heading" className="text-sm font-medium">
        {t("qb.statements")}
      </p>
      <p className="text-xs text-slate-500">{t("qb.statementsHint")}</p>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <ol className="grid gap-3">
        {statements.map((statement, index) => {
          const letter = statementLetter(index);
          return (
            <li
              key={statement.id}
              className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1.5rem_1fr_auto] sm:items-start"
            >
              <span className="pt-2 text-sm font-semibold" aria-hidden="true">
                {letter})
              </span>
              <TextArea
                rows={2}
                aria-label={t("qb.statementText", { letter })}
                value={statement[lang]}
                onChange={(e) => setValue(`statements.${index}.${lang}`, e.target.value, set)}
              />
              <div className="flex flex-wrap items-center gap-2">
                <div role="radiogroup" aria-label={t("qb.statementKey", { letter })} className="flex gap-1.5">
                  {(["true", "false"] as const).map((value) => (
                    <label key={value} className={cn(judge)}>
                      <input
                        type="radio"
                        name={`statement-key-${statement.id}`}
                        checked={statement.key === value}
                        onChange={() => setValue(`statements.${index}.key`, value, set)}
                      />
                      {t(value === "true" ? "qb.true" : "qb.false")}
                    </label>
                  ))}
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t("qb.removeStatement", { letter })}
                  disabled={statements.length <= MIN_STATEMENTS}
                  onClick={() => replace(statements.filter((_, i) => i !== index))}
                >
                  <Trash2 className="h-4 w-4" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        disabled={statements.length >= MAX_STATEMENTS}
        onClick={add}
      >
        <Plus className="h-4 w-4" /> {t("qb.addStatement")}
      </Button>
    </div>
  );
}
