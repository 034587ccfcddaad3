/** The question form's fields: settings, the stem, explanation and options in the language being
 * edited (Vietnamese or English tabs), an image upload into the stem, the answer key; Save. */
import { ImagePlus } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { Subject } from "@/lib/api/subjects";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { uploadQuestionImage } from "../api/upload-image";
import type { Lang, QuestionValues } from "../lib/question-schema";
import { AnswerKeyEditor } from "./answer-key-editor";
import { QuestionSettings } from "./question-settings";
import { TextArea } from "./text-area";

export const LANGUAGES: { value: Lang; label: string }[] = [
  { value: "vi", label: "Tiếng Việt" },
  { value: "en", label: "English" },
];

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

  async function addImage(file: File | undefined) {
    if (!file) return;
    try {
      const { url } = await uploadQuestionImage(file);
      setValue(`stem.${lang}`, `${getValues(`stem.${lang}`)}<p><img src="${url}" alt=""></p>`, set);
    } catch {
      /* the API client shows the error */
    }
  }

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
        <div role="tablist" aria-label={t("qb.contentLanguage")} className="flex gap-1">
          {LANGUAGES.map((l) => (
            <button
              key={l.value}
              type="button"
              role="tab"
              aria-selected={lang === l.value}
              onClick={() => setLang(l.value)}
              className={cn(
                "rounded-full px-3 py-1 text-xs font-medium",
                lang === l.value ? "bg-blue-700 text-white" : "bg-slate-100",
              )}
            >
              {l.label}
            </button>
          ))}
        </div>
        <Field label={t("qb.stem")} htmlFor="stem" error={errors.stem?.message} hint={t("qb.stemHint")}>
          <TextArea
            id="stem"
            rows={5}
            value={stem}
            onChange={(e) => setValue(`stem.${lang}`, e.target.value, set)}
          />
        </Field>
        <label className="inline-flex w-fit cursor-pointer items-center gap-2 text-sm text-blue-700">
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> {t("qb.addImage")}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={(e) => void addImage(e.target.files?.[0])}
          />
        </label>
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
