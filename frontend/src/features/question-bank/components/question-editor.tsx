/** The question form's fields: settings, the stem, explanation and options in the language being
 * edited (Vietnamese or English tabs), an image upload into the stem, the answer key; Save. */
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { Subject } from "@/lib/api/subjects";
import { useT } from "@/lib/intl";

import type { Lang, QuestionValues } from "../lib/question-schema";
import { AnswerKeyEditor } from "./answer-key-editor";
import { QuestionSettings } from "./question-settings";
import { AddImageButton, ContentLanguageTabs } from "./content-language";
import { TextArea } from "./text-area";

export function QuestionEditor({
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
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const [lang, setLang] = useState<Lang>("vi");
  const [stem, explanation] = useWatch({ control, name: [`stem.${lang}`, `explanation.${lang}`] });
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
        <QuestionSettings subjects={subjects} />
        <ContentLanguageTabs lang={lang} onChange={setLang} />
        <Field label={t("qb.stem")} htmlFor="stem" error={errors.stem?.message} hint={t("qb.stemHint")}>
          <TextArea
            id="stem"
            rows={5}
            value={stem}
            onChange={(e) => setValue(`stem.${lang}`, e.target.value, set)}
          />
        </Field>
        <AddImageButton
          label={t("qb.addImage")}
          onUploaded={(html) => setValue(`stem.${lang}`, `${getValues(`stem.${lang}`)}${html}`, set)}
        />
        <AnswerKeyEditor lang={lang} />
        <Field label={t("qb.explanation")} htmlFor="explanation">
          <TextArea
            id="explanation"
            rows={2}
            value={explanation}
            onChange={(e) => setValue(`explanation.${lang}`, e.target.value, set)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit">{saveLabel}</Button>
        </div>
      </fieldset>
    </form>
  );
}
