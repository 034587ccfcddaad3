/** The question form's first row: type, grade, subject, difficulty and weight. */
import { useFormContext } from "react-hook-form";

import { Field, Input, NONE, Select } from "@/components/ui/field";
import type { Subject } from "@/lib/api/subjects";
import { useLanguage, useT } from "@/lib/intl";

import { DIFFICULTIES, GRADES, QUESTION_TYPES } from "../lib/choices";
import type { QuestionValues } from "../lib/question-schema";
import { difficultyLabel, subjectName, typeLabel } from "./labels";

export function QuestionSettings({ subjects }: { subjects: Subject[] }) {
  const t = useT();
  const { language } = useLanguage();
  const {
    register,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const choose = (
    <option value={NONE} disabled>
      {t("common.choose")}
    </option>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-3 2xl:grid-cols-5">
      <Field label={t("qb.type")} htmlFor="type" error={errors.type?.message}>
        <Select id="type" {...register("type")}>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(typeLabel(type))}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("field.grade")} htmlFor="grade" error={errors.grade?.message}>
        <Select id="grade" {...register("grade")}>
          {choose}
          {GRADES.map((g) => (
            <option key={g} value={String(g)}>
              {g}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("qb.subject")} htmlFor="subject" error={errors.subject_id?.message}>
        <Select id="subject" {...register("subject_id")}>
          {choose}
          {subjects.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {subjectName(s, language)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("qb.difficulty")} htmlFor="difficulty" error={errors.difficulty?.message}>
        <Select id="difficulty" {...register("difficulty")}>
          {choose}
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(difficultyLabel(d))}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("qb.weight")} htmlFor="weight" error={errors.score_weight?.message}>
        <Input
          id="weight"
          type="number"
          min="0.25"
          step="0.25"
          aria-invalid={errors.score_weight ? true : undefined}
          {...register("score_weight")}
        />
      </Field>
    </div>
  );
}
