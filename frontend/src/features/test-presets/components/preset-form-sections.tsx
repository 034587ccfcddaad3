/** The sections of the preset form (inside its FormProvider): general fields, rounds, blueprint,
 * proctoring, linked surveys, attribute requirements and outcomes. */
import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";

import { Field, NONE, Select } from "@/components/ui/field";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { SectionCard } from "@/components/ui/section-card";

import type { Cluster, Round, Subject } from "../api/types";
import { AttributeRows } from "./attribute-rows";
import { BlueprintEditor } from "./blueprint-editor";
import { fieldError } from "./field-error";
import { InputField, TextareaField } from "./form-fields";
import { PartsEditor } from "./parts-editor";
import { OFFLINE_GRACE_MAX, passingMax, SCALE_MAX_MAX, type PresetValues } from "./preset-schema";
import { SurveyPicker } from "./survey-picker";
import { TemplateButton } from "./template-dialog";

const GRADES = Array.from({ length: 12 }, (_, i) => i + 1);

/** A select of the form with a "choose" placeholder (or `none`, a choice meaning "none"). */
function ChoiceField({
  name,
  label,
  hint,
  none,
  children,
}: {
  name: "grade" | "round_id" | "required_round_id";
  label: string;
  hint?: string;
  none?: string;
  children: ReactNode;
}) {
  const t = useT();
  const { register, formState } = useFormContext<PresetValues>();
  const error = fieldError(formState.errors, name);
  return (
    <Field label={label} htmlFor={name} error={error} hint={hint}>
      <Select id={name} aria-invalid={!!error} {...register(name)}>
        {none === undefined ? (
          <option value={NONE} disabled>
            {t("common.choose")}
          </option>
        ) : (
          <option value={NONE}>{none}</option>
        )}
        {children}
      </Select>
    </Field>
  );
}

function Checkbox({
  name,
  label,
  hint,
}: {
  name: "auto_release_result" | "camera_proctoring" | "allow_no_camera" | "prefer_measured";
  label: string;
  hint?: string;
}) {
  const { register } = useFormContext<PresetValues>();
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" {...register(name)} />
      <span>
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

export function GeneralSection({ sharedMax }: { sharedMax: number | null }) {
  const t = useT();
  const form = useFormContext<PresetValues>();

  return (
    <SectionCard id="general-heading" title={t("tests.section.general")}>
      <InputField form={form} name="name" label={t("tests.field.name")} />
      <TextareaField form={form} name="description" rows={3} label={t("tests.field.description")} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ChoiceField name="grade" label={t("tests.field.grade")}>
          {GRADES.map((g) => (
            <option key={g} value={String(g)}>
              {t("tests.gradeN", { grade: g })}
            </option>
          ))}
        </ChoiceField>
        <InputField
          form={form}
          name="duration_minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          label={t("tests.field.duration")}
        />
        <InputField form={form} name="starts_at" type="datetime-local" label={t("tests.field.startsAt")} />
        <InputField form={form} name="ends_at" type="datetime-local" label={t("tests.field.endsAt")} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <PassingScoreField sharedMax={sharedMax} />
        <fieldset className="grid content-start gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("tests.field.formMode")}</legend>
          {(["shared", "per_learner"] as const).map((mode) => (
            <label key={mode} className="flex items-start gap-2 text-sm">
              <input type="radio" value={mode} className="mt-1" {...form.register("form_mode")} />
              <span>{t(`tests.formMode.${mode}`)}</span>
            </label>
          ))}
          <div className="mt-2">
            <Checkbox
              name="prefer_measured"
              label={t("tests.field.preferMeasured")}
              hint={t("tests.preferMeasuredHint")}
            />
          </div>
        </fieldset>
      </div>
      <ScaleFields />
    </SectionCard>
  );
}

/** The pass mark, with its maximum as the hint: on the reporting scale (decision 0056), at most 10,
 * a custom maximum, or the raw maximum when it is known. Its own component: it follows the scale,
 * the parts and the blueprint without rendering the whole section again. */
function PassingScoreField({ sharedMax }: { sharedMax: number | null }) {
  const t = useT();
  const { locale } = useLanguage();
  const form = useFormContext<PresetValues>();
  const [score_scale, scale_max, parts, form_mode, subjects] = useWatch({
    control: form.control,
    name: ["score_scale", "scale_max", "parts", "form_mode", "subjects"],
  });
  const maxPass = passingMax(
    { ...form.getValues(), score_scale, scale_max, parts, form_mode, subjects },
    sharedMax,
  );
  return (
    <InputField
      form={form}
      name="passing_score"
      type="number"
      inputMode="decimal"
      min={0}
      step="0.25"
      label={t("tests.field.passingScore")}
      hint={
        score_scale !== "raw" && maxPass !== null
          ? t("tests.maxOnScaleHint", { max: formatNumber(maxPass, locale) })
          : maxPass !== null
            ? t("tests.maxScoreHint", { max: formatNumber(maxPass, locale) })
            : t("tests.maxScoreUnknownHint")
      }
    />
  );
}

/** The reporting scale (decision 0056): out of 10 (new tests), raw points, or another maximum. */
function ScaleFields() {
  const t = useT();
  const form = useFormContext<PresetValues>();
  const scale = useWatch<PresetValues, "score_scale">({ name: "score_scale" });
  const error = fieldError(form.formState.errors, "score_scale");
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field
        label={t("tests.field.scoreScale")}
        htmlFor="score_scale"
        error={error}
        hint={t("tests.scaleHint")}
      >
        <Select id="score_scale" aria-invalid={!!error} {...form.register("score_scale")}>
          {(["ten", "raw", "custom"] as const).map((kind) => (
            <option key={kind} value={kind}>
              {t(`tests.scale.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      {scale === "custom" && (
        <InputField
          form={form}
          name="scale_max"
          type="number"
          inputMode="numeric"
          min={1}
          max={SCALE_MAX_MAX}
          label={t("tests.field.scaleMax")}
        />
      )}
    </div>
  );
}

export function RoundsSection({ rounds }: { rounds: Round[] }) {
  const t = useT();
  const options = rounds.map((r) => (
    <option key={r.id} value={String(r.id)}>
      {r.name}
    </option>
  ));
  return (
    <SectionCard id="rounds-heading" title={t("tests.section.rounds")}>
      {rounds.length === 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("tests.noRoundsYet")}{" "}
          <Link to="/round" className="font-medium underline">
            {t("tests.goToRounds")}
          </Link>
        </p>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ChoiceField name="round_id" label={t("tests.field.round")}>
          {options}
        </ChoiceField>
        <ChoiceField
          name="required_round_id"
          label={t("tests.field.requiredRound")}
          hint={t("tests.requiredRoundHint")}
          none={t("tests.noRequiredRound")}
        >
          {options}
        </ChoiceField>
      </div>
    </SectionCard>
  );
}

export function BlueprintSection({ subjects, clusters }: { subjects: Subject[]; clusters: Cluster[] }) {
  const t = useT();
  return (
    <SectionCard id="blueprint-heading" title={t("tests.section.blueprint")} intro={t("tests.blueprintHint")}>
      <BlueprintEditor subjects={subjects} clusters={clusters} />
    </SectionCard>
  );
}

/** The parts (phần) of the test and the "THPT 2025 template" action (decision 0056). */
export function PartsSection({
  subjects,
  clusters,
  locked,
}: {
  subjects: Subject[];
  clusters: Cluster[];
  locked: boolean;
}) {
  const t = useT();
  return (
    <SectionCard
      id="parts-heading"
      title={t("tests.section.parts")}
      intro={t("tests.partsHint")}
      aside={<TemplateButton disabled={locked} />}
    >
      <PartsEditor subjects={subjects} clusters={clusters} />
    </SectionCard>
  );
}

export function ProctoringSection() {
  const t = useT();
  const form = useFormContext<PresetValues>();
  const camera = useWatch<PresetValues, "camera_proctoring">({ name: "camera_proctoring" });
  return (
    <SectionCard id="proctoring-heading" title={t("tests.section.proctoring")} className="gap-3">
      <Checkbox name="auto_release_result" label={t("tests.field.autoRelease")} />
      <Checkbox name="camera_proctoring" label={t("tests.field.camera")} />
      <Checkbox
        name="allow_no_camera"
        label={t("tests.field.allowNoCamera")}
        hint={camera ? undefined : t("tests.allowNoCameraHint")}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <InputField
          form={form}
          name="offline_grace_seconds"
          type="number"
          inputMode="numeric"
          min={0}
          max={OFFLINE_GRACE_MAX}
          label={t("tests.field.offlineGrace")}
          hint={t("tests.offlineGraceHint")}
        />
      </div>
    </SectionCard>
  );
}

export function SurveysSection({ locked }: { locked: boolean }) {
  const t = useT();
  return (
    <SectionCard id="surveys-heading" title={t("tests.section.surveys")} className="gap-3">
      <SurveyPicker disabled={locked} />
    </SectionCard>
  );
}

const ATTRIBUTES = [
  {
    name: "attribute_requirements",
    title: "tests.field.requirements",
    hint: "tests.requirementsHint",
    placeholders: ["province", "79"],
  },
  {
    name: "attribute_outcomes",
    title: "tests.field.outcomes",
    hint: "tests.outcomesHint",
    placeholders: ["scholarship", "yes"],
  },
] as const;

export function AttributesSection() {
  const t = useT();
  return (
    <SectionCard id="attributes-heading" title={t("tests.section.attributes")}>
      <div className="grid gap-6 lg:grid-cols-2">
        {ATTRIBUTES.map(({ name, title, hint, placeholders }) => (
          <AttributeRows
            key={name}
            name={name}
            title={t(title)}
            hint={t(hint)}
            keyPlaceholder={placeholders[0]}
            valuePlaceholder={placeholders[1]}
          />
        ))}
      </div>
    </SectionCard>
  );
}
