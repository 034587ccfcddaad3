/** /survey/form/:id (educators): edit a survey made from the default content: names and
 * descriptions in both languages, time limit, availability dates, the 5-point scale, the six
 * groups (descriptions, traits, careers, fields of study, admission combinations, tips) and the
 * statements (group, Vietnamese and English text, order). Once published the statements can be
 * reworded and reordered but not added, removed or regrouped (the server decides). */
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowDown, ArrowLeft, ArrowUp, Plus, Save, Send, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

import { useSurvey } from "../api/get-survey";
import { usePublishSurvey } from "../api/publish-survey";
import { RIASEC, type SurveyDetail } from "../api/types";
import { useUpdateSurvey } from "../api/update-survey";
import { GROUP_COLOURS, GROUP_LABELS } from "../components/labels";
import { ManagementOff } from "../components/management-off";
import { StatusBadge } from "../components/status-badge";
import {
  LIST_FIELDS,
  STATEMENTS_PER_GROUP,
  countByGroup,
  surveySchema,
  toInput,
  toValues,
  type SurveyValues,
} from "../components/survey-schema";

const textarea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500 disabled:bg-slate-50";

export default function SurveyFormRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const survey = useSurvey(id);
  if (survey.error instanceof ApiError && survey.error.code === "survey_management_disabled")
    return <ManagementOff />;
  if (survey.isPending) return <p role="status">{t("common.loading")}</p>;
  if (survey.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {survey.error instanceof ApiError && survey.error.status === 404
            ? t("surveys.error.notFound")
            : t("surveys.error.retrieve")}
        </p>
        <Link to="/survey" className="text-sm text-blue-700 hover:underline">
          {t("surveys.backToList")}
        </Link>
      </div>
    );
  }
  return <SurveyForm survey={survey.data} />;
}

const LIST_LABELS: Record<(typeof LIST_FIELDS)[number], MessageId> = {
  traits: "surveys.form.traits",
  careers: "surveys.form.careers",
  fields: "surveys.form.fields",
  combinations: "surveys.form.combinations",
};

function SurveyForm({ survey }: { survey: SurveyDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateSurvey();
  const publish = usePublishSurvey();
  const [summary, setSummary] = useState<{ tone: "ok" | "error"; title: string; lines: string[] } | null>(
    null,
  );
  const schema = useMemo(
    () =>
      surveySchema({
        required: t("validation.required"),
        minutes: t("surveys.form.minutesInvalid"),
        endAfterStart: t("surveys.form.endAfterStart"),
      }),
    [t],
  );
  const form = useForm<SurveyValues>({ resolver: zodResolver(schema), defaultValues: toValues(survey) });
  const { register, control, formState, handleSubmit, reset, setError } = form;
  useEffect(() => reset(toValues(survey)), [survey, reset]);
  const statements = useFieldArray({ control, name: "statements" });
  const watched = useWatch({ control, name: "statements" });
  const counts = countByGroup(watched ?? []);
  const locked = survey.structure_locked;
  const readOnly = survey.status === "ended" || survey.status === "cancelled";
  const errors = formState.errors;
  const [newGroup, setNewGroup] = useState<(typeof RIASEC)[number]>("R");

  function serverErrors(error: unknown) {
    if (!(error instanceof ApiError)) {
      setSummary({ tone: "error", title: t("common.unknownError"), lines: [] });
      return;
    }
    const rest: string[] = [];
    for (const [key, messages] of Object.entries(error.errors)) {
      const path = key
        .replace(/^time_limit_minutes$/, "time_limit")
        .replace(/^(statements\.\d+\.text)$/, "$1.vi")
        .replace(/^(groups\.\d+\.name)$/, "$1.vi")
        .replace(/^(scale\.\d+\.label)$/, "$1.vi");
      try {
        setError(path as FieldPath<SurveyValues>, { message: messages[0] });
      } catch {
        // not a field of the form
      }
      if (["statements", "groups", "scale"].includes(key)) rest.push(...messages);
    }
    setSummary({ tone: "error", title: error.message, lines: rest });
  }

  const save = (then?: "publish") =>
    handleSubmit(
      (values) => {
        setSummary(null);
        update.mutate(
          { id: survey.id, body: toInput(values) },
          {
            onSuccess: () => {
              if (then === "publish") {
                publish.mutate(survey.id, {
                  onSuccess: () =>
                    setSummary({ tone: "ok", title: t("surveys.form.publishedNow"), lines: [] }),
                  onError: serverErrors,
                });
              } else {
                setSummary({ tone: "ok", title: t("surveys.form.saved"), lines: [] });
              }
            },
            onError: serverErrors,
          },
        );
      },
      () => setSummary({ tone: "error", title: t("surveys.form.fix"), lines: [] }),
    );

  return (
    <form noValidate className="grid max-w-5xl gap-6" onSubmit={(e) => void save()(e)}>
      <Link
        to="/survey"
        className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("surveys.backToList")}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("surveys.form.title")}</h1>
        <StatusBadge status={survey.status} />
      </header>
      {readOnly && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t("surveys.form.readOnly")}</p>
      )}
      {locked && !readOnly && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("surveys.form.locked")}</p>
      )}
      {summary && (
        <div
          role={summary.tone === "error" ? "alert" : "status"}
          className={cn(
            "grid gap-1 rounded-lg border p-3 text-sm",
            summary.tone === "error"
              ? "border-red-200 bg-red-50 text-red-800"
              : "border-emerald-200 bg-emerald-50 text-emerald-900",
          )}
        >
          <p className="font-medium">{summary.title}</p>
          {summary.lines.length > 0 && (
            <ul className="list-disc pl-5">
              {summary.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <fieldset disabled={readOnly} className="grid gap-6">
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

        <section
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
          aria-labelledby="scale"
        >
          <h2 id="scale" className="text-lg font-semibold">
            {t("surveys.form.scale")}
          </h2>
          <p className="text-sm text-slate-600">{t("surveys.form.scaleHint")}</p>
          <div className="grid gap-3">
            {survey.scale.map((_, index) => (
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

        <section className="grid gap-3" aria-labelledby="groups">
          <h2 id="groups" className="text-lg font-semibold">
            {t("surveys.form.groups")}
          </h2>
          {RIASEC.map((code, index) => (
            <details key={code} className="rounded-2xl border border-slate-200 bg-white p-4 open:pb-5">
              <summary className="cursor-pointer font-semibold" style={{ color: GROUP_COLOURS[code] }}>
                {code} · {survey.groups[index]?.name.vi ?? code}
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
                      error={
                        key === "name" && lang === "vi" ? errors.groups?.[index]?.name?.message : undefined
                      }
                    >
                      <Input
                        id={`g-${code}-${key}-${lang}`}
                        {...register(`groups.${index}.${key}.${lang}`)}
                      />
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
                  <Select
                    id={`s-${index}-group`}
                    disabled={locked}
                    {...register(`statements.${index}.group`)}
                  >
                    {RIASEC.map((code) => (
                      <option key={code} value={code}>
                        {code} · {t(GROUP_LABELS[code])}
                      </option>
                    ))}
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
                  {RIASEC.map((code) => (
                    <option key={code} value={code}>
                      {code} · {t(GROUP_LABELS[code])}
                    </option>
                  ))}
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
      </fieldset>

      {!readOnly && (
        <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-3 backdrop-blur">
          <Button variant="outline" onClick={() => navigate("/survey")}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {t("common.save")}
          </Button>
          {survey.stored_status === "draft" && (
            <Button
              variant="secondary"
              disabled={update.isPending || publish.isPending}
              onClick={() => void save("publish")()}
            >
              <Send className="h-4 w-4" aria-hidden="true" />
              {t("surveys.form.saveAndPublish")}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
