/** The survey form's statements: group, Vietnamese and English text, order; the count per group
 * against the eight each needs. Once published (`locked`) they can be reworded and reordered but
 * not added, removed or regrouped. */
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { RIASEC } from "../api/types";
import { GROUP_LABELS } from "./labels";
import { STATEMENTS_PER_GROUP, countByGroup, type SurveyValues } from "./survey-schema";
import { textarea } from "./textarea";

export function StatementsSection({
  control,
  register,
  errors,
  locked,
}: {
  control: Control<SurveyValues>;
  register: UseFormRegister<SurveyValues>;
  errors: FieldErrors<SurveyValues>;
  locked: boolean;
}) {
  const t = useT();
  const statements = useFieldArray({ control, name: "statements" });
  const watched = useWatch({ control, name: "statements" });
  const counts = countByGroup(watched ?? []);
  const [newGroup, setNewGroup] = useState<(typeof RIASEC)[number]>("R");
  return (
    <section className="grid gap-3" aria-labelledby="statements">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="statements" className="text-lg font-semibold">
            {t("surveys.form.statements", { count: statements.fields.length })}
          </h2>
          <p className="text-sm text-slate-600">
            {t("surveys.form.statementsHint", { count: STATEMENTS_PER_GROUP })}
          </p>
        </div>
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("surveys.form.perGroup")}>
          {RIASEC.map((code) => (
            <li
              key={code}
              className={cn(
                "rounded-full px-2 py-0.5 font-medium tabular-nums",
                counts[code] === STATEMENTS_PER_GROUP
                  ? "bg-emerald-100 text-emerald-800"
                  : "bg-amber-100 text-amber-900",
              )}
            >
              {code} {counts[code]}/{STATEMENTS_PER_GROUP}
            </li>
          ))}
        </ul>
      </div>
      <ol className="grid gap-3">
        {statements.fields.map((field, index) => (
          <li
            key={field.id}
            className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-[3rem_10rem_1fr_1fr_auto]"
          >
            <span className="pt-7 text-center font-semibold text-slate-500">{index + 1}</span>
            <Field label={t("surveys.form.group")} htmlFor={`s-${index}-group`}>
              <Select id={`s-${index}-group`} disabled={locked} {...register(`statements.${index}.group`)}>
                <GroupOptions />
              </Select>
            </Field>
            <Field
              label={t("surveys.form.textVi")}
              htmlFor={`s-${index}-vi`}
              error={
                errors.statements?.[index]?.text?.message ?? errors.statements?.[index]?.text?.vi?.message
              }
            >
              <textarea
                id={`s-${index}-vi`}
                rows={3}
                className={textarea}
                aria-invalid={Boolean(errors.statements?.[index]?.text)}
                {...register(`statements.${index}.text.vi`)}
              />
            </Field>
            <Field label={t("surveys.form.textEn")} htmlFor={`s-${index}-en`}>
              <textarea
                id={`s-${index}-en`}
                rows={3}
                className={textarea}
                {...register(`statements.${index}.text.en`)}
              />
            </Field>
            <div className="flex items-start gap-1 pt-6">
              <Button
                size="icon"
                variant="ghost"
                disabled={index === 0}
                aria-label={t("surveys.form.moveUp", { number: index + 1 })}
                onClick={() => statements.move(index, index - 1)}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                disabled={index === statements.fields.length - 1}
                aria-label={t("surveys.form.moveDown", { number: index + 1 })}
                onClick={() => statements.move(index, index + 1)}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                disabled={locked}
                aria-label={t("surveys.form.remove", { number: index + 1 })}
                onClick={() => statements.remove(index)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {!locked && (
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t("surveys.form.newGroup")} htmlFor="new-statement-group">
            <Select
              id="new-statement-group"
              value={newGroup}
              onChange={(e) => setNewGroup(e.target.value as (typeof RIASEC)[number])}
            >
              <GroupOptions />
            </Select>
          </Field>
          <Button
            variant="outline"
            onClick={() => statements.append({ id: null, group: newGroup, text: { vi: "", en: "" } })}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t("surveys.form.add")}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The six groups as the options of a select. */
function GroupOptions() {
  const t = useT();
  return (
    <>
      {RIASEC.map((code) => (
        <option key={code} value={code}>
          {code} · {t(GROUP_LABELS[code])}
        </option>
      ))}
    </>
  );
}
