/** The survey form's general part: names and descriptions in both languages, the time limit and
 * the availability dates. */
import type { FieldErrors, UseFormRegister } from "react-hook-form";

import { Field, Input } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import type { SurveyValues } from "./survey-schema";
import { textarea } from "./textarea";

export function GeneralSection({
  register,
  errors,
}: {
  register: UseFormRegister<SurveyValues>;
  errors: FieldErrors<SurveyValues>;
}) {
  const t = useT();
  return (
    <section
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      aria-labelledby="general"
    >
      <h2 id="general" className="text-lg font-semibold">
        {t("surveys.form.general")}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t("surveys.form.nameVi")} htmlFor="name" error={errors.name?.message}>
          <Input id="name" aria-invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
        <Field label={t("surveys.form.nameEn")} htmlFor="name_en" error={errors.name_en?.message}>
          <Input id="name_en" {...register("name_en")} />
        </Field>
        <Field label={t("surveys.form.descriptionVi")} htmlFor="description">
          <textarea id="description" rows={4} className={textarea} {...register("description")} />
        </Field>
        <Field label={t("surveys.form.descriptionEn")} htmlFor="description_en">
          <textarea id="description_en" rows={4} className={textarea} {...register("description_en")} />
        </Field>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <Field
          label={t("surveys.form.timeLimit")}
          htmlFor="time_limit"
          hint={t("surveys.form.timeLimitHint")}
          error={errors.time_limit?.message}
        >
          <Input
            id="time_limit"
            inputMode="numeric"
            aria-invalid={Boolean(errors.time_limit)}
            {...register("time_limit")}
          />
        </Field>
        <Field label={t("surveys.form.startsAt")} htmlFor="starts_at" error={errors.starts_at?.message}>
          <Input id="starts_at" type="datetime-local" {...register("starts_at")} />
        </Field>
        <Field label={t("surveys.form.endsAt")} htmlFor="ends_at" error={errors.ends_at?.message}>
          <Input
            id="ends_at"
            type="datetime-local"
            aria-invalid={Boolean(errors.ends_at)}
            {...register("ends_at")}
          />
        </Field>
      </div>
    </section>
  );
}
