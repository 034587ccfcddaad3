/** The survey form's six RIASEC groups, one disclosure each: names, nicknames, descriptions and
 * tips in both languages, and the lists (traits, careers, fields of study, admission
 * combinations), one item per line. */
import type { FieldErrors, UseFormRegister } from "react-hook-form";

import { Field, Input } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

import { RIASEC, type SurveyDetail } from "../api/types";
import { GROUP_TEXT } from "./labels";
import { LIST_FIELDS, type SurveyValues } from "./survey-schema";
import { textarea } from "./textarea";

const LIST_LABELS: Record<(typeof LIST_FIELDS)[number], MessageId> = {
  traits: "surveys.form.traits",
  careers: "surveys.form.careers",
  fields: "surveys.form.fields",
  combinations: "surveys.form.combinations",
};

export function GroupsSection({
  groups,
  register,
  errors,
}: {
  groups: SurveyDetail["groups"];
  register: UseFormRegister<SurveyValues>;
  errors: FieldErrors<SurveyValues>;
}) {
  const t = useT();
  return (
    <section className="grid gap-3" aria-labelledby="groups">
      <h2 id="groups" className="text-lg font-semibold">
        {t("surveys.form.groups")}
      </h2>
      {RIASEC.map((code, index) => (
        <details key={code} className="rounded-2xl border border-slate-200 bg-white p-4 open:pb-5">
          <summary className={cn("cursor-pointer font-semibold", GROUP_TEXT[code])}>
            {code} · {groups[index]?.name.vi ?? code}
            {errors.groups?.[index] && (
              <span className="ml-2 text-sm text-red-600">{t("surveys.form.groupHasErrors")}</span>
            )}
          </summary>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {(["name", "nickname"] as const).map((key) =>
              (["vi", "en"] as const).map((lang) => (
                <Field
                  key={`${key}-${lang}`}
                  label={t(`surveys.form.${key}.${lang}`)}
                  htmlFor={`g-${code}-${key}-${lang}`}
                  error={key === "name" && lang === "vi" ? errors.groups?.[index]?.name?.message : undefined}
                >
                  <Input id={`g-${code}-${key}-${lang}`} {...register(`groups.${index}.${key}.${lang}`)} />
                </Field>
              )),
            )}
            {(["description", "tips"] as const).map((key) =>
              (["vi", "en"] as const).map((lang) => (
                <Field
                  key={`${key}-${lang}`}
                  label={t(`surveys.form.${key}.${lang}`)}
                  htmlFor={`g-${code}-${key}-${lang}`}
                >
                  <textarea
                    id={`g-${code}-${key}-${lang}`}
                    rows={3}
                    className={textarea}
                    {...register(`groups.${index}.${key}.${lang}`)}
                  />
                </Field>
              )),
            )}
            {LIST_FIELDS.map((key) =>
              (["vi", "en"] as const).map((lang) => (
                <Field
                  key={`${key}-${lang}`}
                  label={`${t(LIST_LABELS[key])} (${lang === "vi" ? "Tiếng Việt" : "English"})`}
                  htmlFor={`g-${code}-${key}-${lang}`}
                  hint={t("surveys.form.onePerLine")}
                >
                  <textarea
                    id={`g-${code}-${key}-${lang}`}
                    rows={4}
                    className={textarea}
                    {...register(`groups.${index}.${key}.${lang}`)}
                  />
                </Field>
              )),
            )}
          </div>
        </details>
      ))}
    </section>
  );
}
