/** The shared stimulus form's fields (decision 0054): grade and subject, then in the language being
 * edited the title and the body (a passage, a table or a figure: HTML with LaTeX between $...$),
 * a picture uploaded into the body (the question images' upload); Save. */
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import type { Subject } from "@/lib/api/subjects";
import { useLanguage, useT } from "@/lib/intl";

import { GRADES } from "../lib/choices";
import type { Lang } from "../lib/question-schema";
import type { StimulusValues } from "../lib/stimulus-draft";
import { subjectName } from "./labels";
import { AddImageButton, ContentLanguageTabs } from "./content-language";
import { TextArea } from "./text-area";

export function StimulusEditor({
  subjects,
  editable,
  saveLabel,
  onSubmit,
}: {
  subjects: Subject[];
  editable: boolean;
  saveLabel: string;
  onSubmit: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<StimulusValues>();
  const [lang, setLang] = useState<Lang>("vi");
  const [title, body] = useWatch({ control, name: [`title.${lang}`, `body.${lang}`] });
  const set = { shouldDirty: true } as const;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={!editable} className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("field.grade")} htmlFor="stimulus-grade" error={errors.grade?.message}>
            <Select id="stimulus-grade" {...register("grade")}>
              <option value={NONE} disabled>
                {t("common.choose")}
              </option>
              {GRADES.map((g) => (
                <option key={g} value={String(g)}>
                  {g}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("qb.subject")} htmlFor="stimulus-subject" error={errors.subject_id?.message}>
            <Select id="stimulus-subject" {...register("subject_id")}>
              <option value={NONE} disabled>
                {t("common.choose")}
              </option>
              {subjects.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {subjectName(s, language)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <ContentLanguageTabs lang={lang} onChange={setLang} />
        <Field label={t("qb.stimulus.title")} htmlFor="stimulus-title" error={errors.title?.message}>
          <Input
            id="stimulus-title"
            value={title}
            aria-invalid={errors.title ? true : undefined}
            onChange={(e) => setValue(`title.${lang}`, e.target.value, set)}
          />
        </Field>
        <Field
          label={t("qb.stimulus.body")}
          htmlFor="stimulus-body"
          error={errors.body?.message}
          hint={t("qb.stimulus.bodyHint")}
        >
          <TextArea
            id="stimulus-body"
            rows={10}
            value={body}
            aria-invalid={errors.body ? true : undefined}
            onChange={(e) => setValue(`body.${lang}`, e.target.value, set)}
          />
        </Field>
        <AddImageButton
          label={t("qb.stimulus.addFigure")}
          onUploaded={(html) => setValue(`body.${lang}`, `${getValues(`body.${lang}`)}${html}`, set)}
        />
        <div className="flex justify-end">
          <Button type="submit">{saveLabel}</Button>
        </div>
      </fieldset>
    </form>
  );
}
