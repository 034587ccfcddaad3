/** A true/false set's scoring table (issue 39, decision 0055): the fraction of the question's
 * points for 0, 1, ... statements judged right, the default for the count shown (the Ministry's
 * 0; 0,1; 0,25; 0,5; 1 for four), with the Ministry's and the proportional tables as presets. The
 * server checks an edited table (non-decreasing, from 0 to 1, ending at 1) and its message shows
 * here. Fractions show with the reader's decimal mark; either mark is accepted. */
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { useLanguage, useT } from "@/lib/intl";

import type { QuestionValues } from "../lib/question-schema";
import { MINISTRY_TABLE, proportionalTable, sameTable } from "../lib/scoring-table";

/** A preset button in use: the table now is that preset. */
const pressed = "aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900";

export function ScoringTableEditor() {
  const t = useT();
  const { language } = useLanguage();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const [table, statements] = useWatch({ control, name: ["scoring_table", "statements"] });
  const count = statements.length;
  const set = { shouldDirty: true } as const;
  const error = errors.scoring_table?.message ?? errors.scoring_table?.root?.message;
  const shown = (fraction: string) => (language === "vi" ? fraction.replace(".", ",") : fraction);
  const ministry = count === MINISTRY_TABLE.length - 1;
  const proportional = proportionalTable(count);

  return (
    <fieldset className="grid gap-2" aria-describedby="scoring-table-hint">
      <legend className="text-sm font-medium">{t("qb.scoringTable")}</legend>
      <p id="scoring-table-hint" className="text-xs text-slate-500">
        {t("qb.scoringTableHint")}
      </p>
      <div className="flex flex-wrap gap-2">
        {table.map((fraction, right) => (
          <label key={right} className="grid w-20 gap-1 text-xs text-slate-600">
            {t("qb.statementsRight", { count: right })}
            <Input
              inputMode="decimal"
              aria-invalid={error ? true : undefined}
              value={shown(fraction)}
              onChange={(e) => setValue(`scoring_table.${right}`, e.target.value, set)}
            />
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          className={pressed}
          disabled={!ministry}
          aria-pressed={ministry && sameTable(table, MINISTRY_TABLE)}
          onClick={() => setValue("scoring_table", [...MINISTRY_TABLE], set)}
        >
          {t("qb.ministryTable")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          className={pressed}
          aria-pressed={sameTable(table, proportional)}
          onClick={() => setValue("scoring_table", proportional, set)}
        >
          {t("qb.proportionalTable")}
        </Button>
        {!ministry && <p className="text-xs text-slate-500">{t("qb.ministryTableFour")}</p>}
      </div>
    </fieldset>
  );
}
