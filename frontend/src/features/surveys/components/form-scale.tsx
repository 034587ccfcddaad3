/** The survey form's 5-point scale: each point's label in both languages. */
import type { FieldErrors, UseFormRegister } from "react-hook-form";

import { Field, Input } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import type { SurveyValues } from "./survey-schema";

export function ScaleSection({
  points,
  register,
  errors,
}: {
  points: number;
  register: UseFormRegister<SurveyValues>;
  errors: FieldErrors<SurveyValues>;
}) {
  const t = useT();
  return (
    <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5" aria-labelledby="scale">
      <h2 id="scale" className="text-lg font-semibold">
        {t("surveys.form.scale")}
      </h2>
      <p className="text-sm text-slate-600">{t("surveys.form.scaleHint")}</p>
      <div className="grid gap-3">
        {Array.from({ length: points }, (_, index) => (
          <div key={index} className="grid items-start gap-3 sm:grid-cols-[3rem_1fr_1fr]">
            <span className="pt-2 text-center text-lg font-semibold">{index + 1}</span>
            <Field
              label={t("surveys.form.labelVi", { value: index + 1 })}
              htmlFor={`scale-${index}-vi`}
              error={errors.scale?.[index]?.label?.message ?? errors.scale?.[index]?.label?.vi?.message}
            >
              <Input id={`scale-${index}-vi`} {...register(`scale.${index}.label.vi`)} />
            </Field>
            <Field label={t("surveys.form.labelEn", { value: index + 1 })} htmlFor={`scale-${index}-en`}>
              <Input id={`scale-${index}-en`} {...register(`scale.${index}.label.en`)} />
            </Field>
          </div>
        ))}
      </div>
    </section>
  );
}
