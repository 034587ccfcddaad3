/** /question-bank/stimulus/:id — a shared stimulus (a passage, table or figure that several
 * questions hang from; issue 39 item 1, decision 0054): its form with a preview as the learner will
 * see it, its questions in order, and the group's vetting workflow. `id` is "new" (with ?bank=)
 * or a stimulus id. Saving a published stimulus opens the group's next version and goes there. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { FormProvider, useForm, useFormContext, useWatch, type ErrorOption } from "react-hook-form";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";

import { StimulusView } from "@/components/stimulus-view";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError, errorTitle } from "@/lib/api-client";
import { subjectsQuery } from "@/lib/api/subjects";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { applyServerErrors } from "@/lib/forms";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useDeleteStimulus } from "../api/delete-stimulus";
import { useQuestions } from "../api/get-questions";
import { useStimulus } from "../api/get-stimulus";
import type { QuestionAction } from "../api/question-action";
import { useSaveStimulus } from "../api/save-stimulus";
import { useSetStimulusQuestions } from "../api/set-stimulus-questions";
import { useStimulusAction } from "../api/stimulus-action";
import type { Stimulus } from "../api/types";
import { MissingList } from "../components/question-preview";
import { inLanguage } from "@/components/math-html";
import { PreviewLanguageSelect } from "../components/content-language";
import { StatusBadge } from "../components/status-badge";
import { StimulusEditor } from "../components/stimulus-editor";
import { StimulusQuestions } from "../components/stimulus-questions";
import { WorkflowPanel } from "../components/workflow-panel";
import type { Lang } from "../lib/question-schema";
import {
  emptyStimulus,
  fromStimulus,
  stimulusBody,
  stimulusFieldOf,
  stimulusSchema,
  type StimulusValues,
} from "../lib/stimulus-draft";

const QUESTION = /^questions\.(\d+)\./;

export default function StimulusFormRoute() {
  const t = useT();
  const navigate = useNavigate();
  const me = useAuthorized().data?.user;
  const { id = "new" } = useParams();
  const [params] = useSearchParams();
  const stimulusId = id === "new" ? null : Number(id);
  const stimulus = useStimulus(stimulusId);
  const subjects = useQuery(subjectsQuery());
  const save = useSaveStimulus();
  const setQuestions = useSetStimulusQuestions();
  const act = useStimulusAction();
  const remove = useDeleteStimulus();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<StimulusValues>({
    resolver: zodResolver(stimulusSchema(t)),
    defaultValues: emptyStimulus(),
  });
  const { reset, setError, handleSubmit } = form;
  const s = stimulus.data ?? null;
  const bankId = params.get("bank") ? Number(params.get("bank")) : (s?.bank_id ?? null);
  const bankQuestions = useQuestions({ bank_id: bankId ?? undefined, limit: 100 });

  useEffect(() => {
    if (stimulus.data) reset(fromStimulus(stimulus.data));
  }, [stimulus.data, reset]);

  const editable = !s || ["draft", "rejected", "published"].includes(s.status);
  const groupEditable = !!s && (s.status === "draft" || s.status === "rejected");
  const own = s?.created_by_profile_id === me?.pandai_profile_id;

  /** The server's field errors onto the form's fields; returns the server's message. */
  function showServerErrors(error: unknown): string {
    const fields = error instanceof ApiError ? Object.keys(error.errors) : [];
    return applyServerErrors(
      error,
      (name: string, option: ErrorOption) => {
        const field = stimulusFieldOf(name);
        if (field) setError(field, option);
      },
      fields,
    );
  }
  const failed = (title: string) => (error: unknown) => {
    const message = showServerErrors(error);
    if (error instanceof ApiError) toast({ variant: "destructive", title, description: message });
  };

  const onSubmit = handleSubmit((values) => {
    const body = s ? stimulusBody(values) : { ...stimulusBody(values), bank_id: bankId };
    save.mutate(
      { id: s?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ variant: "success", title: t("qb.stimulus.saved") });
          if (saved.id !== s?.id) navigate(`/question-bank/stimulus/${saved.id}`, { replace: true });
        },
        onError: failed(t("qb.saveFailed")),
      },
    );
  });

  function onAction(action: QuestionAction, comment = "") {
    if (!s) return;
    act.mutate(
      { id: s.id, action, comment },
      {
        onSuccess: () => toast({ variant: "success", title: t(`qb.done.${action}` as MessageId) }),
        onError: (error) => failed(error instanceof ApiError ? errorTitle(error.status) : "")(error),
      },
    );
  }

  if (stimulusId !== null && stimulus.isPending) return <p role="status">{t("common.loading")}</p>;
  if (stimulusId !== null && stimulus.isError) return <p>{t("error.notFound")}</p>;

  // The group's missing items name their question ("Câu 2: Chọn khối lớp.").
  const missing = (s?.missing ?? []).map((m) => {
    const found = QUESTION.exec(m.field);
    return found
      ? { ...m, message: t("qb.stimulus.questionMissing", { n: Number(found[1]) + 1, message: m.message }) }
      : m;
  });

  return (
    <FormProvider {...form}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_420px]">
        <div className="grid content-start gap-5">
          {bankId && (
            <Link
              to={`/question-bank/${bankId}`}
              className="inline-flex w-fit items-center gap-1 text-sm text-slate-600 hover:text-blue-700"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" /> {t("qb.stimulus.backToBank")}
            </Link>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold">
              {s ? t("qb.stimulus.heading", { id: s.id, version: s.version }) : t("qb.stimulus.new")}
            </h1>
            {s && <StatusBadge status={s.status} />}
          </div>
          <Notes stimulus={s} />
          <StimulusEditor
            subjects={subjects.data ?? []}
            editable={editable}
            saveLabel={s?.status === "published" ? t("qb.saveNewVersion") : t("common.save")}
            onSubmit={() => void onSubmit()}
          />
          {s && (
            <StimulusQuestions
              stimulus={s}
              editable={groupEditable}
              candidates={bankQuestions.data?.items ?? []}
              busy={setQuestions.isPending}
              onChange={(questionIds) =>
                setQuestions.mutate(
                  { id: s.id, questionIds },
                  {
                    onSuccess: () => toast({ variant: "success", title: t("qb.stimulus.questionsSaved") }),
                    onError: failed(t("qb.saveFailed")),
                  },
                )
              }
            />
          )}
          {s && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <WorkflowPanel question={{ status: s.status, missing }} own={own} onAction={onAction} />
              {groupEditable && own && !s.published_at && (
                <Button variant="outline" onClick={() => setDeleting(true)}>
                  {t("qb.stimulus.delete")}
                </Button>
              )}
            </div>
          )}
        </div>
        <Preview missing={missing} />
      </div>
      {s && (
        <ConfirmDialog
          open={deleting}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(s.id, {
              onSuccess: () => {
                toast({ variant: "success", title: t("qb.stimulus.deleted") });
                navigate(`/question-bank/${s.bank_id}`, { replace: true });
              },
            })
          }
          title={t("qb.stimulus.deleteTitle")}
          description={t("qb.stimulus.deleteBody")}
          confirmLabel={t("qb.stimulus.delete")}
          cancelLabel={t("common.cancel")}
          closeLabel={t("common.close")}
          busy={remove.isPending}
        />
      )}
    </FormProvider>
  );
}

/** What the stimulus' status means for its editing. */
function Notes({ stimulus: s }: { stimulus: Stimulus | null }) {
  const t = useT();
  if (!s) return null;
  const note = "rounded-lg bg-blue-50 p-3 text-sm text-blue-900";
  return (
    <>
      {s.status === "published" && <p className={note}>{t("qb.stimulus.publishedNote")}</p>}
      {(s.status === "submitted" || s.status === "approved") && (
        <p className={note}>{t("qb.stimulus.lockedNote")}</p>
      )}
      {s.open_version_id && (
        <p className={note}>
          <Link className="font-medium underline" to={`/question-bank/stimulus/${s.open_version_id}`}>
            {t("qb.stimulus.openVersion")}
          </Link>
        </p>
      )}
    </>
  );
}

/** The stimulus as the learner will see it, in either language, and what the group still lacks. */
function Preview({ missing }: { missing: Stimulus["missing"] }) {
  const t = useT();
  const { language } = useLanguage();
  const [lang, setLang] = useState<Lang>(language);
  const [title, body] = useWatch({
    control: useFormContext<StimulusValues>().control,
    name: ["title", "body"],
  });
  const shown = (text: { vi: string; en: string }) => {
    const value = inLanguage(text, lang); // the chosen language, the other when blank
    return { vi: value, en: value };
  };
  return (
    <aside
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 xl:sticky xl:top-20"
      aria-labelledby="stimulus-preview-heading"
    >
      <div className="flex items-center justify-between">
        <h2 id="stimulus-preview-heading" className="font-semibold">
          {t("qb.preview")}
        </h2>
        <PreviewLanguageSelect lang={lang} onChange={setLang} />
      </div>
      <StimulusView
        stimulus={{ title: shown(title), body: shown(body) }}
        heading="h3"
        untitled={t("qb.stimulus.untitled")}
      />
      {missing.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{t("qb.missing")}</p>
          <MissingList missing={missing} />
        </div>
      )}
    </aside>
  );
}
