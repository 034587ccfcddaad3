/** A numeric answer's key (the national exam's phần III, issue 39): one or more accepted values,
 * each checked as it is typed with the answer sheet's rule (`lib/sheet-number.ts`, the server's
 * twin: at most 4 characters of digits, "-" and ","; "0,5" and "0.5" are equal), and the rounding
 * instruction the learner sees above the cells, in the language being edited (plain text). */
import { Plus, Trash2 } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useT } from "@/lib/intl";
import { SHEET_NUMBER_MESSAGE, sheetNumberError } from "@/lib/sheet-number";

import { ROUNDING_MAX, type Lang, type QuestionValues } from "../lib/question-schema";

/** Accepted values a question may have (the server's `NUMERIC_ACCEPTED_MAX`). */
const MAX_ACCEPTED = 10;

export function NumericKeyEditor({ lang }: { lang: Lang }) {
  const t = useT();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const [accepted, rounding] = useWatch({ control, name: ["numeric_accepted", "rounding"] });
  const set = { shouldDirty: true } as const;
  const listError = errors.numeric_accepted?.message ?? errors.numeric_accepted?.root?.message;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2" role="group" aria-labelledby="accepted-heading">
        <p id="accepted-heading" className="text-sm font-medium">
          {t("qb.numericAccepted")}
        </p>
        <p id="accepted-hint" className="text-xs text-slate-500">
          {t("qb.numericAcceptedHint")}
        </p>
        {listError && (
          <p role="alert" className="text-xs text-red-600">
            {listError}
          </p>
        )}
        <ul className="grid gap-2">
          {accepted.map((value, index) => {
            const code = value.trim() ? sheetNumberError(value) : null;
            // checked as typed: the same rule as the schema's on saving (and the server's)
            const message = code ? t(SHEET_NUMBER_MESSAGE[code]) : undefined;
            const errorId = `accepted-${index}-error`;
            return (
              <li key={index} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <div className="w-28">
                    <Input
                      className="font-mono"
                      autoComplete="off"
                      aria-label={t("qb.numericValue", { n: index + 1 })}
                      aria-describedby={message ? `accepted-hint ${errorId}` : "accepted-hint"}
                      aria-invalid={message ? true : undefined}
                      value={value}
                      onChange={(e) => setValue(`numeric_accepted.${index}`, e.target.value, set)}
                    />
                  </div>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("qb.removeNumericValue", { n: index + 1 })}
                    disabled={accepted.length <= 1}
                    onClick={() =>
                      setValue(
                        "numeric_accepted",
                        accepted.filter((_, i) => i !== index),
                        set,
                      )
                    }
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </div>
                {message && (
                  <p id={errorId} role="alert" className="text-xs text-red-600">
                    {message}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <Button
          size="sm"
          variant="outline"
          className="w-fit"
          disabled={accepted.length >= MAX_ACCEPTED}
          onClick={() => setValue("numeric_accepted", [...accepted, ""], set)}
        >
          <Plus className="h-4 w-4" /> {t("qb.addNumericValue")}
        </Button>
      </div>
      <Field
        label={t("qb.rounding")}
        htmlFor="rounding"
        hint={t("qb.roundingHint")}
        error={errors.rounding?.message}
      >
        <Input
          id="rounding"
          maxLength={ROUNDING_MAX}
          placeholder={t("qb.roundingPlaceholder")}
          value={rounding[lang]}
          onChange={(e) => setValue(`rounding.${lang}`, e.target.value, set)}
        />
      </Field>
    </div>
  );
}
