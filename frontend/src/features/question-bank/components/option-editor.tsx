/** The options of a choice question in the language being edited, each with its "correct" mark
 * (a radio for a single choice, a checkbox for a multiple choice); 2 to 6 options. */
import { Plus, Trash2 } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import { MAX_OPTIONS, MIN_OPTIONS, OPTION_IDS } from "../lib/draft";
import type { Lang, QuestionValues } from "../lib/question-schema";

export function OptionEditor({ lang }: { lang: Lang }) {
  const t = useT();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionValues>();
  const [type, options, correct] = useWatch({ control, name: ["type", "options", "correct"] });
  const set = { shouldDirty: true } as const;
  const optionsError = errors.options?.message ?? errors.options?.root?.message;

  function mark(id: string) {
    if (type === "single_choice") setValue("correct", [id], set);
    else setValue("correct", correct.includes(id) ? correct.filter((c) => c !== id) : [...correct, id], set);
  }

  function remove(index: number) {
    const id = options[index]!.id;
    setValue(
      "options",
      options.filter((_, i) => i !== index),
      set,
    );
    if (correct.includes(id))
      setValue(
        "correct",
        correct.filter((c) => c !== id),
        set,
      );
  }

  function add() {
    const id = OPTION_IDS.split("").find((l) => !options.some((o) => o.id === l))!;
    setValue("options", [...options, { id, vi: "", en: "" }], set);
  }

  return (
    <div className="grid gap-2" role="group" aria-label={t("qb.options")}>
      <p className="text-sm font-medium">{t("qb.options")}</p>
      {optionsError && (
        <p role="alert" className="text-xs text-red-600">
          {optionsError}
        </p>
      )}
      {options.map((option, index) => {
        const letter = option.id.toUpperCase();
        return (
          <div key={option.id} className="flex items-center gap-2">
            <input
              type={type === "single_choice" ? "radio" : "checkbox"}
              name="correct"
              aria-label={t("qb.markCorrect", { letter })}
              checked={correct.includes(option.id)}
              onChange={() => mark(option.id)}
            />
            <span className="w-5 text-sm font-semibold">{letter}</span>
            <Input
              aria-label={t("qb.optionText", { letter })}
              value={option[lang]}
              onChange={(e) => setValue(`options.${index}.${lang}`, e.target.value, set)}
            />
            <Button
              size="icon"
              variant="ghost"
              aria-label={t("qb.removeOption", { letter })}
              disabled={options.length <= MIN_OPTIONS}
              onClick={() => remove(index)}
            >
              <Trash2 className="h-4 w-4" />
            </Button>
          </div>
        );
      })}
      {errors.correct?.message && (
        <p role="alert" className="text-xs text-red-600">
          {errors.correct.message}
        </p>
      )}
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        disabled={options.length >= MAX_OPTIONS}
        onClick={add}
      >
        <Plus className="h-4 w-4" /> {t("qb.addOption")}
      </Button>
    </div>
  );
}
