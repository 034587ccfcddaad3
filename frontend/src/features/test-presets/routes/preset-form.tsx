/** /test-preset/form/:id? — create a test preset or change a draft or rejected one: every field
 * of spec §3 "Test preset" (linked surveys picked from the organization's published surveys),
 * the blueprint per subject, attribute requirements and outcomes; the rules of spec §5 checked
 * here and by the server, whose field errors show inline too. */
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { FormProvider, useForm, useWatch, type Path } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useClusters } from "../api/get-clusters";
import { usePreset } from "../api/get-preset";
import { useAllRounds } from "../api/get-rounds";
import { useSubjects } from "../api/get-subjects";
import { useSavePreset } from "../api/save-preset";
import { AttributeRows } from "../components/attribute-rows";
import { BlueprintEditor } from "../components/blueprint-editor";
import { FormAlert } from "../components/form-alert";
import {
  blueprintSignature,
  EMPTY_PRESET,
  presetSchema,
  presetToValues,
  toPresetInput,
  type PresetValues,
} from "../components/preset-schema";
import { StatusBadge } from "../components/status-badge";
import { SurveyPicker } from "../components/survey-picker";

const textarea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200";

export default function PresetFormRoute() {
  const t = useT();
  const { id } = useParams();
  const presetId = id ? Number(id) : null;
  const preset = usePreset(presetId);
  const subjects = useSubjects();
  const clusters = useClusters();
  const rounds = useAllRounds();

  if (presetId !== null && preset.isPending) return <p role="status">{t("common.loading")}</p>;
  if (presetId !== null && (preset.isError || !preset.data)) {
    return (
      <div className="grid gap-3">
        <p role="alert">{t("tests.notFound")}</p>
        <Link to="/test-preset" className="text-sm text-blue-700 hover:underline">
          {t("tests.backToList")}
        </Link>
      </div>
    );
  }
  if (subjects.isPending || clusters.isPending || rounds.isPending) {
    return <p role="status">{t("common.loading")}</p>;
  }
  if (subjects.isError || clusters.isError || rounds.isError) {
    return <p role="alert">{t("tests.loadFailed")}</p>;
  }
  return (
    <PresetForm
      key={preset.data?.updated_at ?? "new"}
      preset={preset.data ?? null}
      subjects={subjects.data}
      clusters={clusters.data}
      rounds={rounds.data.items}
    />
  );
}

function PresetForm({
  preset,
  subjects,
  clusters,
  rounds,
}: {
  preset: NonNullable<ReturnType<typeof usePreset>["data"]> | null;
  subjects: NonNullable<ReturnType<typeof useSubjects>["data"]>;
  clusters: NonNullable<ReturnType<typeof useClusters>["data"]>;
  rounds: NonNullable<ReturnType<typeof useAllRounds>["data"]>["items"];
}) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSavePreset();
  const [failure, setFailure] = useState("");
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const initial = useMemo(() => (preset ? presetToValues(preset) : EMPTY_PRESET), [preset]);
  const savedSignature = useMemo(() => blueprintSignature(initial), [initial]);
  // The shared form's maximum is known while the generated blueprint is unchanged.
  const [sharedMax, setSharedMax] = useState<number | null>(
    preset && preset.question_count > 0 ? preset.max_score : null,
  );
  const form = useForm<PresetValues>({
    resolver: zodResolver(presetSchema(t, sharedMax)),
    defaultValues: initial,
  });
  const subjectsNow = useWatch({ control: form.control, name: "subjects" });
  const camera = useWatch({ control: form.control, name: "camera_proctoring" });
  const signature = blueprintSignature({ subjects: subjectsNow ?? [] });
  useEffect(() => {
    setSharedMax(
      preset && preset.question_count > 0 && signature === savedSignature ? preset.max_score : null,
    );
  }, [preset, signature, savedSignature]);

  const locked = preset !== null && !["draft", "rejected"].includes(preset.status);
  const errors = form.formState.errors;
  const err = (name: keyof PresetValues) => errors[name]?.message as string | undefined;

  async function onSubmit(values: PresetValues) {
    setFailure("");
    setOtherErrors([]);
    try {
      const saved = await save.mutateAsync({
        id: preset?.id ?? null,
        body: toPresetInput(values),
      });
      toast({ variant: "success", title: t("tests.saved") });
      navigate(`/test-preset/detail/${saved.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(t("common.unknownError"));
        return;
      }
      const unplaced: string[] = [];
      for (const [field, messages] of Object.entries(error.errors)) {
        const message = messages[0];
        if (!message) continue;
        if (isFormPath(field)) form.setError(field as Path<PresetValues>, { type: "server", message });
        else unplaced.push(message);
      }
      setFailure(error.message);
      setOtherErrors(unplaced);
    }
  }

  const roundOptions = rounds.map((r) => (
    <option key={r.id} value={String(r.id)}>
      {r.name}
    </option>
  ));

  return (
    <div className="grid max-w-5xl gap-6">
      <div className="grid gap-2">
        <Link
          to={preset ? `/test-preset/detail/${preset.id}` : "/test-preset"}
          className="inline-flex w-fit items-center gap-1 text-sm text-slate-600 hover:text-blue-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {preset ? preset.name : t("nav.tests")}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{preset ? t("tests.editTitle") : t("tests.newTitle")}</h1>
          {preset && <StatusBadge kind="preset" status={preset.status} />}
        </div>
      </div>
      {locked && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {t("tests.lockedNote")}
        </p>
      )}
      {preset?.status === "rejected" && preset.review_comment && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t("tests.rejectedBecause", { comment: preset.review_comment })}
        </p>
      )}
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
          <FormAlert message={failure} items={otherErrors} />
          <fieldset disabled={locked} className="grid gap-6">
            <section
              aria-labelledby="general-heading"
              className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="general-heading" className="font-semibold">
                {t("tests.section.general")}
              </h2>
              <Field label={t("tests.field.name")} htmlFor="name" error={err("name")}>
                <Input id="name" aria-invalid={!!errors.name} {...form.register("name")} />
              </Field>
              <Field label={t("tests.field.description")} htmlFor="description" error={err("description")}>
                <textarea id="description" rows={3} className={textarea} {...form.register("description")} />
              </Field>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field label={t("tests.field.grade")} htmlFor="grade" error={err("grade")}>
                  <Select id="grade" aria-invalid={!!errors.grade} {...form.register("grade")}>
                    <option value={NONE} disabled>
                      {t("common.choose")}
                    </option>
                    {Array.from({ length: 12 }, (_, i) => i + 1).map((g) => (
                      <option key={g} value={String(g)}>
                        {t("tests.gradeN", { grade: g })}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field
                  label={t("tests.field.duration")}
                  htmlFor="duration_minutes"
                  error={err("duration_minutes")}
                >
                  <Input
                    id="duration_minutes"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={600}
                    aria-invalid={!!errors.duration_minutes}
                    {...form.register("duration_minutes")}
                  />
                </Field>
                <Field label={t("tests.field.startsAt")} htmlFor="starts_at" error={err("starts_at")}>
                  <Input
                    id="starts_at"
                    type="datetime-local"
                    aria-invalid={!!errors.starts_at}
                    {...form.register("starts_at")}
                  />
                </Field>
                <Field label={t("tests.field.endsAt")} htmlFor="ends_at" error={err("ends_at")}>
                  <Input
                    id="ends_at"
                    type="datetime-local"
                    aria-invalid={!!errors.ends_at}
                    {...form.register("ends_at")}
                  />
                </Field>
              </div>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field
                  label={t("tests.field.passingScore")}
                  htmlFor="passing_score"
                  error={err("passing_score")}
                  hint={
                    sharedMax !== null
                      ? t("tests.maxScoreHint", { max: sharedMax })
                      : t("tests.maxScoreUnknownHint")
                  }
                >
                  <Input
                    id="passing_score"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.25"
                    aria-invalid={!!errors.passing_score}
                    {...form.register("passing_score")}
                  />
                </Field>
                <fieldset className="grid content-start gap-2">
                  <legend className="mb-1 text-sm font-medium text-slate-700">
                    {t("tests.field.formMode")}
                  </legend>
                  <label className="flex items-start gap-2 text-sm">
                    <input type="radio" value="shared" className="mt-1" {...form.register("form_mode")} />
                    <span>{t("tests.formMode.shared")}</span>
                  </label>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      value="per_learner"
                      className="mt-1"
                      {...form.register("form_mode")}
                    />
                    <span>{t("tests.formMode.per_learner")}</span>
                  </label>
                </fieldset>
              </div>
            </section>

            <section
              aria-labelledby="rounds-heading"
              className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="rounds-heading" className="font-semibold">
                {t("tests.section.rounds")}
              </h2>
              {rounds.length === 0 && (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  {t("tests.noRoundsYet")}{" "}
                  <Link to="/round" className="font-medium underline">
                    {t("tests.goToRounds")}
                  </Link>
                </p>
              )}
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field label={t("tests.field.round")} htmlFor="round_id" error={err("round_id")}>
                  <Select id="round_id" aria-invalid={!!errors.round_id} {...form.register("round_id")}>
                    <option value={NONE} disabled>
                      {t("common.choose")}
                    </option>
                    {roundOptions}
                  </Select>
                </Field>
                <Field
                  label={t("tests.field.requiredRound")}
                  htmlFor="required_round_id"
                  error={err("required_round_id")}
                  hint={t("tests.requiredRoundHint")}
                >
                  <Select id="required_round_id" {...form.register("required_round_id")}>
                    <option value={NONE}>{t("tests.noRequiredRound")}</option>
                    {roundOptions}
                  </Select>
                </Field>
              </div>
            </section>

            <section
              aria-labelledby="blueprint-heading"
              className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <div>
                <h2 id="blueprint-heading" className="font-semibold">
                  {t("tests.section.blueprint")}
                </h2>
                <p className="text-sm text-slate-600">{t("tests.blueprintHint")}</p>
              </div>
              <BlueprintEditor subjects={subjects} clusters={clusters} />
            </section>

            <section
              aria-labelledby="proctoring-heading"
              className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="proctoring-heading" className="font-semibold">
                {t("tests.section.proctoring")}
              </h2>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" {...form.register("auto_release_result")} />
                <span>{t("tests.field.autoRelease")}</span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" {...form.register("camera_proctoring")} />
                <span>{t("tests.field.camera")}</span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" {...form.register("allow_no_camera")} />
                <span>
                  {t("tests.field.allowNoCamera")}
                  {!camera && (
                    <span className="block text-xs text-slate-500">{t("tests.allowNoCameraHint")}</span>
                  )}
                </span>
              </label>
            </section>

            <section
              aria-labelledby="surveys-heading"
              className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="surveys-heading" className="font-semibold">
                {t("tests.section.surveys")}
              </h2>
              <SurveyPicker disabled={locked} />
            </section>

            <section
              aria-labelledby="attributes-heading"
              className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="attributes-heading" className="font-semibold">
                {t("tests.section.attributes")}
              </h2>
              <div className="grid gap-6 lg:grid-cols-2">
                <AttributeRows
                  name="attribute_requirements"
                  title={t("tests.field.requirements")}
                  hint={t("tests.requirementsHint")}
                  keyPlaceholder="province"
                  valuePlaceholder="79"
                />
                <AttributeRows
                  name="attribute_outcomes"
                  title={t("tests.field.outcomes")}
                  hint={t("tests.outcomesHint")}
                  keyPlaceholder="scholarship"
                  valuePlaceholder="yes"
                />
              </div>
            </section>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => navigate(preset ? `/test-preset/detail/${preset.id}` : "/test-preset")}
            >
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={locked || form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t("common.working") : t("common.save")}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

const SCALAR = new Set([
  "name",
  "description",
  "grade",
  "duration_minutes",
  "starts_at",
  "ends_at",
  "passing_score",
  "round_id",
  "required_round_id",
  "form_mode",
  "survey_ids",
  "subjects",
]);

/** Whether a server error key ("subjects.0.items.1.count") names a field of this form. */
function isFormPath(field: string): boolean {
  if (SCALAR.has(field)) return true;
  return (
    /^subjects\.\d+\.(subject_id|items)(\.\d+\.(cluster_id|complexity_level_id|count))?$/.test(field) ||
    /^attribute_(requirements|outcomes)\.\d+\.(key|value)$/.test(field)
  );
}
