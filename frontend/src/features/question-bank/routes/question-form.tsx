/** /question-bank/form/:id/:load? — the question form with a live preview (as the learner will
 * see it), image upload, the matrix picker and the vetting workflow with its history.
 * `id` is "new" (with ?bank=, and ?stimulus= for a new question of a shared stimulus) or a question
 * id; `load` = "copy" starts a new question from it. A question of a shared stimulus is vetted with
 * it (decision 0054): the form names the stimulus instead of offering the workflow. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { FormProvider, useForm, type ErrorOption } from "react-hook-form";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";

import { ApiError, errorTitle } from "@/lib/api-client";
import { clustersQuery } from "@/lib/api/matrix-clusters";
import { subjectsQuery } from "@/lib/api/subjects";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { applyServerErrors } from "@/lib/forms";
import { useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useQuestion } from "../api/get-question";
import { useQuestionHistory } from "../api/get-question-history";
import { useQuestionAction, type QuestionAction } from "../api/question-action";
import { useSaveQuestion } from "../api/save-question";
import { MatrixPicker } from "../components/matrix-picker";
import { QuestionEditor } from "../components/question-editor";
import { QuestionFigures } from "../components/question-figures";
import { KeyCorrectionPanel } from "../components/key-correction-panel";
import { QuestionHistory } from "../components/question-history";
import { QuestionPreview } from "../components/question-preview";
import { StatusBadge } from "../components/status-badge";
import { StimulusTag } from "../components/stimulus-tag";
import { WorkflowPanel } from "../components/workflow-panel";
import { emptyDraft, formFieldOf, fromQuestion, toBody } from "../lib/draft";
import { questionSchema, type QuestionValues } from "../lib/question-schema";

export default function QuestionFormRoute() {
  const t = useT();
  const navigate = useNavigate();
  const me = useAuthorized().data?.user;
  const { id = "new", load } = useParams();
  const [params] = useSearchParams();
  const isNew = id === "new" || load === "copy";
  const questionId = id === "new" ? null : Number(id);
  const question = useQuestion(questionId);
  const history = useQuestionHistory(isNew ? null : questionId);
  const subjects = useQuery(subjectsQuery());
  const clusters = useQuery(clustersQuery());
  const save = useSaveQuestion();
  const act = useQuestionAction();
  const form = useForm<QuestionValues>({
    resolver: zodResolver(questionSchema(t)),
    defaultValues: emptyDraft(),
  });
  const { reset, setError, getValues, handleSubmit } = form;

  useEffect(() => {
    if (question.data) reset(fromQuestion(question.data));
  }, [question.data, reset]);

  const q = isNew ? null : question.data;
  const editable = !q || ["draft", "rejected", "published"].includes(q.status);
  const own = q?.created_by_profile_id === me?.pandai_profile_id;
  const bankId = params.get("bank") ? Number(params.get("bank")) : (question.data?.bank_id ?? null);
  // A new question of a shared stimulus (decision 0054): it joins the stimulus, last.
  const joining = id === "new" && params.get("stimulus") ? Number(params.get("stimulus")) : null;

  /** The server's field errors onto the form's fields; returns the server's message. */
  function showServerErrors(error: unknown): string {
    const type = getValues("type");
    const fields = error instanceof ApiError ? Object.keys(error.errors) : [];
    return applyServerErrors(
      error,
      (name: string, option: ErrorOption) => {
        const field = formFieldOf(name, type);
        if (field) setError(field, option);
      },
      fields,
    );
  }

  const onSubmit = handleSubmit((values) => {
    const body = isNew
      ? { ...toBody(values), bank_id: bankId, ...(joining ? { stimulus_id: joining } : {}) }
      : toBody(values);
    save.mutate(
      { id: q?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ variant: "success", title: t("qb.saved") });
          if (saved.id !== q?.id) navigate(`/question-bank/form/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          const message = showServerErrors(error);
          if (error instanceof ApiError)
            toast({ variant: "destructive", title: t("qb.saveFailed"), description: message });
        },
      },
    );
  });

  function onAction(action: QuestionAction, comment = "") {
    if (!q) return;
    act.mutate(
      { id: q.id, action, comment },
      {
        onSuccess: () => toast({ variant: "success", title: t(`qb.done.${action}` as MessageId) }),
        onError: (error) => {
          const message = showServerErrors(error);
          if (error instanceof ApiError)
            toast({ variant: "destructive", title: errorTitle(error.status), description: message });
        },
      },
    );
  }

  if (questionId !== null && question.isPending) return <p role="status">{t("common.loading")}</p>;
  if (questionId !== null && question.isError) return <p>{t("error.notFound")}</p>;

  return (
    <FormProvider {...form}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_380px]">
        <div className="grid content-start gap-5">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold">
              {q ? t("qb.questionN", { id: q.id, version: q.version }) : t("qb.newQuestion")}
            </h1>
            {q && <StatusBadge status={q.status} />}
          </div>
          {q?.stimulus && (
            <div className="grid justify-items-start gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              <StimulusTag stimulus={q.stimulus} />
              <p>
                {t(q.status === "published" ? "qb.stimulus.memberPublishedNote" : "qb.stimulus.memberNote")}
              </p>
            </div>
          )}
          {joining && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              {t("qb.stimulus.joiningNote")}
            </p>
          )}
          {q?.status === "published" && !q.stimulus && (
            <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">{t("qb.publishedEditNote")}</p>
          )}
          <QuestionEditor
            subjects={subjects.data ?? []}
            editable={editable}
            saveLabel={q?.status === "published" ? t("qb.saveNewVersion") : t("common.save")}
            onSubmit={() => void onSubmit()}
          />
          {q && <MatrixPicker key={`${q.id}-${q.updated_at}`} question={q} clusters={clusters.data ?? []} />}
          {q && !q.stimulus && <WorkflowPanel question={q} own={own} onAction={onAction} />}
          {q && <QuestionFigures question={q} />}
          {q && <KeyCorrectionPanel questionId={q.id} />}
          {history.data && <QuestionHistory history={history.data} />}
        </div>
        <QuestionPreview missing={q?.missing ?? []} />
      </div>
    </FormProvider>
  );
}
