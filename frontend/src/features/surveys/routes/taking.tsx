/** /survey/taking/:user_survey_id (learners, blank layout, at least 1280 px): the statements in
 * the learner's stable shuffled order, eight to a page, each answered on the 5-point scale and
 * saved as it is given (POST store-answer; saves of one statement go out in order, so the last
 * choice wins); progress by group; the time limit counted on the server's clock; resume after a
 * reload on the first page with an unanswered statement; finish refused while statements are
 * unanswered, which are listed with a way to each. */
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { useCountdown } from "@/lib/server-clock";

import { useFinishSurvey } from "../api/finish-survey";
import { useOverview } from "../api/get-overview";
import { useQuestions, type MeasuredQuestions } from "../api/get-questions";
import { RIASEC } from "../api/types";
import { GroupProgress } from "../components/group-progress";
import { CODE_TITLES, STEP_ERRORS } from "../components/labels";
import { PageNav } from "../components/page-nav";
import { SaveSummary } from "../components/save-summary";
import { Statement } from "../components/statement";
import { SurveyClock } from "../components/survey-clock";
import { FinishRefused, type Missing } from "../components/unanswered";
import { useAnswerSaves } from "../components/use-answer-saves";
import { onPage, pageCount, pageOf, resumePage } from "../lib/pages";

/** A refusal that closes the survey for answers (its time, window or state). */
const CLOSING = ["survey_expired", "survey_ended", "survey_cancelled", "survey_already_completed"];

interface Notice {
  title: string;
  message: string;
}

export default function SurveyTakingRoute() {
  const t = useT();
  const id = Number(useParams().user_survey_id);
  const questions = useQuestions(id);
  const overview = useOverview(id);
  if (questions.isPending) return <p role="status">{t("common.loading")}</p>;
  if (questions.isError) {
    const error = questions.error;
    const notStarted =
      error instanceof ApiError && ["survey_not_started", "survey_not_open"].includes(error.code);
    return (
      <div className="mx-auto grid max-w-2xl gap-3">
        <div role="alert" className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{t(STEP_ERRORS.retrieve)}</p>
          {error instanceof ApiError && <p className="text-sm">{error.message}</p>}
        </div>
        <Link
          to={notStarted ? `/survey/overview/${id}` : "/survey/student"}
          className="text-sm text-blue-700 hover:underline"
        >
          {notStarted ? t("surveys.detail.toOverview") : t("surveys.back")}
        </Link>
      </div>
    );
  }
  return <Runner id={id} data={questions.data} name={overview.data?.name ?? ""} />;
}

function Runner({ id, data, name }: { id: number; data: MeasuredQuestions; name: string }) {
  const t = useT();
  const navigate = useNavigate();
  const finish = useFinishSurvey();
  const initial = useMemo(
    () =>
      Object.fromEntries(
        data.questions.filter((q) => q.answer != null).map((q) => [q.id, q.answer as number]),
      ),
    [data],
  );
  const [saveError, setSaveError] = useState<Notice | null>(null);
  const [closed, setClosed] = useState<Notice | null>(
    data.editable ? null : { title: t("surveys.taking.readOnly"), message: "" },
  );
  const { answers, saves, save, settled } = useAnswerSaves(id, initial, (error) => {
    const code = error instanceof ApiError ? error.code : "";
    const message = error instanceof ApiError ? error.message : t("common.unknownError");
    if (CLOSING.includes(code)) setClosed({ title: t(CODE_TITLES[code] ?? STEP_ERRORS.save), message });
    else setSaveError({ title: t(STEP_ERRORS.save), message });
  });
  const [missing, setMissing] = useState<Missing[]>([]);
  const [finishError, setFinishError] = useState("");
  const pages = pageCount(data.questions.length);
  const [page, setPage] = useState(() => resumePage(data.questions, initial));
  const heading = useRef<HTMLHeadingElement>(null);
  const names = useMemo(() => Object.fromEntries(data.groups.map((g) => [g.code, g.name])), [data.groups]);
  const remaining = useCountdown(data.deadline_at, { offsetMs: data.clockOffsetMs });
  const timeUp = remaining !== null && remaining <= 0;

  const progress = useMemo(
    () =>
      RIASEC.map((code) => {
        const inGroup = data.questions.filter((q) => q.group === code);
        return {
          code,
          total: inGroup.length,
          answered: inGroup.filter((q) => answers[q.id] !== undefined).length,
        };
      }),
    [answers, data.questions],
  );
  const answered = Object.keys(answers).length;

  function goTo(target: number, focusId?: number) {
    setPage(target);
    requestAnimationFrame(() => {
      const target = focusId ? document.getElementById(`statement-${focusId}`) : heading.current;
      target?.scrollIntoView?.({ block: "start" });
      target?.focus({ preventScroll: true });
    });
  }

  async function submit() {
    setFinishError("");
    setMissing([]);
    await settled();
    finish.mutate(id, {
      onSuccess: () => navigate(`/survey/detail/${id}`),
      onError: (error) => {
        if (error instanceof ApiError && error.code === "survey_unanswered") {
          setMissing((error.body.unanswered as Missing[]) ?? []);
        } else if (error instanceof ApiError && CODE_TITLES[error.code]) {
          setClosed({ title: t(CODE_TITLES[error.code]!), message: error.message });
        } else {
          setFinishError(error instanceof ApiError ? error.message : t("common.unknownError"));
        }
      },
    });
  }

  const locked = closed !== null || timeUp;
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="sticky top-16 z-10 grid gap-3 rounded-2xl border border-slate-200 bg-white/95 p-4 shadow-sm backdrop-blur">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-slate-500">{name}</p>
            <p className="font-semibold" aria-live="polite">
              {t("surveys.taking.answered", { answered, total: data.total })}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {remaining !== null && <SurveyClock leftMs={remaining} />}
            <SaveSummary saves={saves} />
          </div>
        </div>
        <GroupProgress progress={progress} names={names} />
      </header>

      {locked && (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">{timeUp ? t("surveys.taking.timeUp") : closed?.title}</p>
          {closed?.message && <p className="text-sm">{closed.message}</p>}
          <Link to={`/survey/detail/${id}`} className="text-sm font-medium text-blue-700 hover:underline">
            {t("surveys.detail.toResult")}
          </Link>
        </div>
      )}
      {saveError && !locked && (
        <div
          role="alert"
          className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
        >
          <div>
            <p className="font-semibold">{saveError.title}</p>
            <p className="text-sm">{saveError.message}</p>
          </div>
          <Button size="sm" variant="outline" onClick={() => setSaveError(null)}>
            {t("common.close")}
          </Button>
        </div>
      )}

      <section aria-labelledby="page-heading" className="grid gap-4">
        <h1
          id="page-heading"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-56 text-lg font-semibold outline-none"
        >
          {t("surveys.taking.page", { page: page + 1, pages })}
        </h1>
        <p className="text-sm text-slate-600">{t("surveys.taking.instructions")}</p>
        <ol className="grid gap-4">
          {onPage(data.questions, page).map((question) => (
            <Statement
              key={question.id}
              question={question}
              scale={data.scale}
              value={answers[question.id]}
              state={saves[question.id]}
              disabled={locked}
              missing={missing.some((m) => m.id === question.id)}
              onAnswer={(value) => {
                setMissing((prev) => prev.filter((m) => m.id !== question.id));
                save(question, value);
              }}
            />
          ))}
        </ol>
      </section>

      <PageNav
        questions={data.questions}
        answers={answers}
        page={page}
        onGo={goTo}
        onFinish={() => void submit()}
        finishing={finish.isPending}
        locked={locked}
      />
      <FinishRefused missing={missing} message={finishError} onGo={(m) => goTo(pageOf(m.number), m.id)} />
    </div>
  );
}
