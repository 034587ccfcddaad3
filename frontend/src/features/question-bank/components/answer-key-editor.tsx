/** The answer key of the question's type: the options with their marks (choice types), true or
 * false, the accepted short answers and how they compare, an essay's rubric and maximum, a
 * true/false set's statements with their keys and its scoring table, or a numeric answer's
 * accepted values and rounding instruction (issue 39). */
import { useFormContext, useWatch } from "react-hook-form";

import { Field, Input, NONE, Select } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import { isChoice } from "../lib/choices";
import type { Lang, QuestionValues } from "../lib/question-schema";
import { NumericKeyEditor } from "./numeric-key-editor";
import { OptionEditor } from "./option-editor";
import { ScoringTableEditor } from "./scoring-table-editor";
import { StatementsEditor } from "./statements-editor";
import { TextArea } from "./text-area";

export function AnswerKeyEditor({ lang }: { lang: Lang }) {
  const t = useT();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const type = useWatch({ control, name: "type" });

  if (isChoice(type)) return <OptionEditor lang={lang} />;
  if (type === "true_false_set") {
    return (
      <div className="grid gap-4">
        <StatementsEditor lang={lang} />
        <ScoringTableEditor />
      </div>
    );
  }
  if (type === "numeric") return <NumericKeyEditor lang={lang} />;
  if (type === "true_false") {
    return (
      <Field label={t("qb.correctAnswer")} htmlFor="truth" error={errors.truth?.message}>
        <Select id="truth" {...register("truth")}>
          <option value={NONE} disabled>
            {t("common.choose")}
          </option>
          <option value="true">{t("qb.true")}</option>
          <option value="false">{t("qb.false")}</option>
        </Select>
      </Field>
    );
  }
  if (type === "short_text") {
    return (
      <div className="grid gap-2">
        <Field
          label={t("qb.accepted")}
          htmlFor="accepted"
          error={errors.accepted?.message}
          hint={t("qb.acceptedHint")}
        >
          <TextArea id="accepted" rows={3} {...register("accepted")} />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register("case_sensitive")} /> {t("qb.caseSensitive")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register("diacritic_sensitive")} /> {t("qb.diacriticSensitive")}
        </label>
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_160px]">
      <Field label={t("qb.rubric")} htmlFor="rubric" error={errors.rubric?.message}>
        <TextArea id="rubric" rows={4} {...register("rubric")} />
      </Field>
      <Field label={t("qb.maxScore")} htmlFor="max-score" error={errors.max_score?.message}>
        <Input
          id="max-score"
          type="number"
          min="1"
          aria-invalid={errors.max_score ? true : undefined}
          {...register("max_score")}
        />
      </Field>
    </div>
  );
}
