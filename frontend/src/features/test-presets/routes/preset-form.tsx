/** /test-preset/form/:id? — create a test preset or change a draft or rejected one: every field
 * of spec §3 "Test preset" (linked surveys picked from the organization's published surveys),
 * the blueprint per subject, the parts (phần) and the reporting scale with the "THPT 2025
 * template" action (decision 0056), attribute requirements and outcomes; the rules of spec §5
 * checked here and by the server, whose field errors show inline too. */
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router-dom";

import { QueryState } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useSavePreset } from "../api/save-preset";
import type { Preset } from "../api/types";
import { FormAlert } from "../components/form-alert";
import { PresetLoader, presetIdOf } from "../components/preset-loader";
import {
  AttributesSection,
  BlueprintSection,
  GeneralSection,
  PartsSection,
  ProctoringSection,
  RoundsSection,
  SurveysSection,
} from "../components/preset-form-sections";
import {
  blueprintSignature,
  EMPTY_PRESET,
  presetFormShows,
  presetSchema,
  presetToValues,
  toPresetInput,
  type PresetValues,
} from "../components/preset-schema";
import { StatusBadge } from "../components/status-badge";
import { useAuthoringLists, type AuthoringLists } from "../hooks/use-authoring-lists";
import { useFormSubmit } from "../hooks/use-form-submit";

export default function PresetFormRoute() {
  const { id } = useParams();
  if (id === undefined) return <WithLists preset={null} />;
  return <PresetLoader id={presetIdOf(id)}>{(preset) => <WithLists preset={preset} />}</PresetLoader>;
}

function WithLists({ preset }: { preset: Preset | null }) {
  const t = useT();
  const lists = useAuthoringLists();
  return (
    <QueryState query={lists} failed={t("tests.loadFailed")}>
      {(data) => <PresetForm key={preset?.updated_at ?? "new"} preset={preset} {...data} />}
    </QueryState>
  );
}

function PresetForm({ preset, subjects, clusters, rounds }: { preset: Preset | null } & AuthoringLists) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSavePreset();
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
  const partsNow = useWatch({ control: form.control, name: "parts" });
  const signature = blueprintSignature({ subjects: subjectsNow ?? [], parts: partsNow ?? [] });
  useEffect(() => {
    setSharedMax(
      preset && preset.question_count > 0 && signature === savedSignature ? preset.max_score : null,
    );
  }, [preset, signature, savedSignature]);
  const { failure, onSubmit } = useFormSubmit({
    setError: form.setError,
    shows: presetFormShows,
    save: (values: PresetValues) => save.mutateAsync({ id: preset?.id ?? null, body: toPresetInput(values) }),
    onSaved: (saved) => {
      toast({ variant: "success", title: t("tests.saved") });
      navigate(`/test-preset/detail/${saved.id}`);
    },
  });

  const locked = preset !== null && !["draft", "rejected"].includes(preset.status);
  const back = preset ? `/test-preset/detail/${preset.id}` : "/test-preset";

  return (
    <div className="grid max-w-5xl gap-6">
      <div className="grid gap-2">
        <Link
          to={back}
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
          <FormAlert message={failure.message} items={failure.items} />
          <fieldset disabled={locked} className="grid gap-6">
            <GeneralSection sharedMax={sharedMax} />
            <RoundsSection rounds={rounds} />
            <BlueprintSection subjects={subjects} clusters={clusters} />
            <PartsSection subjects={subjects} clusters={clusters} locked={locked} />
            <ProctoringSection />
            <SurveysSection locked={locked} />
            <AttributesSection />
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => navigate(back)}>
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
