/** /survey/form/:id (educators): edit a survey made from the default content: names and
 * descriptions in both languages, time limit, availability dates, the 5-point scale, the six
 * groups (descriptions, traits, careers, fields of study, admission combinations, tips) and the
 * statements (group, Vietnamese and English text, order). Once published the statements can be
 * reworded and reordered but not added, removed or regrouped (the server decides). */
import { zodResolver } from "@hookform/resolvers/zod";
import { Save, Send } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useSurveyManagement } from "@/lib/api/surveys";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";

import { useSurvey } from "../api/get-survey";
import { usePublishSurvey } from "../api/publish-survey";
import type { SurveyDetail } from "../api/types";
import { useUpdateSurvey } from "../api/update-survey";
import { GeneralSection } from "../components/form-general";
import { GroupsSection } from "../components/form-groups";
import { ScaleSection } from "../components/form-scale";
import { StatementsSection } from "../components/form-statements";
import { BackToSurveys, LoadFailed } from "../components/load-failed";
import { ManagementOff } from "../components/management-off";
import { NoticeBox, type Notice } from "../components/notice";
import { StatusBadge } from "../components/status-badge";
import {
  LIST_ERRORS,
  formPath,
  isFormField,
  surveySchema,
  toInput,
  toValues,
  type SurveyValues,
} from "../components/survey-schema";

export default function SurveyFormRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const survey = useSurvey(id);
  const managing = useSurveyManagement();
  if (
    managing === false ||
    (survey.error instanceof ApiError && survey.error.code === "survey_management_disabled")
  )
    return <ManagementOff />;
  if (survey.isPending) return <p role="status">{t("common.loading")}</p>;
  if (survey.isError) {
    return <LoadFailed error={survey.error} to="/survey" back="surveys.backToList" />;
  }
  return <SurveyForm survey={survey.data} />;
}

function SurveyForm({ survey }: { survey: SurveyDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateSurvey();
  const publish = usePublishSurvey();
  const [summary, setSummary] = useState<Notice | null>(null);
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
  const locked = survey.structure_locked;
  const readOnly = survey.status === "ended" || survey.status === "cancelled";
  const errors = formState.errors;

  /** The server's field errors on the fields (its names mapped onto the form's), the rest and its
   * message in the summary. */
  function serverErrors(error: unknown) {
    if (!(error instanceof ApiError)) {
      setSummary({ tone: "error", title: t("common.unknownError"), lines: [] });
      return;
    }
    const errors = Object.fromEntries(Object.entries(error.errors).map(([key, m]) => [formPath(key), m]));
    const onForm = new ApiError(error.status, { ...error.body, errors });
    const title = applyServerErrors(onForm, setError, Object.keys(errors).filter(isFormField));
    const lines = LIST_ERRORS.flatMap((key) => error.errors[key] ?? []);
    setSummary({ tone: "error", title, lines });
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
      <BackToSurveys />
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
      <NoticeBox notice={summary} />

      <fieldset disabled={readOnly} className="grid gap-6">
        <GeneralSection register={register} errors={errors} />
        <ScaleSection points={survey.scale.length} register={register} errors={errors} />
        <GroupsSection groups={survey.groups} register={register} errors={errors} />
        <StatementsSection control={control} register={register} errors={errors} locked={locked} />
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
