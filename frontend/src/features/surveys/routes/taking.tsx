/** /survey/taking/:user_survey_id (learners, blank layout, at least 1280 px): the statements in
 * the learner's stable shuffled order, eight to a page, each answered on the 5-point scale and
 * saved as it is given (POST store-answer; saves of one statement go out in order, so the last
 * choice wins); progress by group; resume after a reload on the first page with an unanswered
 * statement; finish refused while statements are unanswered, which are listed with a way to each. */
import { useQueryClient } from "@tanstack/react-query";
import {
  AlertTriangle,
  Check,
  CheckCircle2,
  ChevronLeft,
  ChevronRight,
  Clock,
  Loader2,
  RotateCw,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { useFinishSurvey } from "../api/finish-survey";
import { useOverview } from "../api/get-overview";
import { questionsQuery, useQuestions } from "../api/get-questions";
import { storeAnswer } from "../api/store-answer";
import type { Question, Questions } from "../api/types";
import { RIASEC } from "../api/types";
import { GroupProgress } from "../components/group-progress";
import { CODE_TITLES, STEP_ERRORS } from "../components/labels";

export const PAGE_SIZE = 8;
type SaveState = "saving" | "saved" | "error";
interface Missing {
  id: number;
  number: number;
  group: string;
  text: string;
}

/** The page (0-based) to open: the first with an unanswered statement, else the last. */
export function resumePage(questions: Question[], answers: Record<number, number>): number {
  const index = questions.findIndex((q) => answers[q.id] === undefined);
  const pages = Math.max(1, Math.ceil(questions.length / PAGE_SIZE));
  return index === -1 ? pages - 1 : Math.floor(index / PAGE_SIZE);
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

function Runner({ id, data, name }: { id: number; data: Questions; name: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const finish = useFinishSurvey();
  const initial = useMemo(
    () =>
      Object.fromEntries(
        data.questions.filter((q) => q.answer != null).map((q) => [q.id, q.answer as number]),
      ),
    [data],
  );
  const [answers, setAnswers] = useState<Record<number, number>>(initial);
  const [saves, setSaves] = useState<Record<number, SaveState>>({});
  const [saveError, setSaveError] = useState<{ title: string; message: string } | null>(null);
  const [closed, setClosed] = useState<{ title: string; message: string } | null>(
    data.editable ? null : { title: t("surveys.taking.readOnly"), message: "" },
  );
  const [missing, setMissing] = useState<Missing[]>([]);
  const [finishError, setFinishError] = useState("");
  const pages = Math.max(1, Math.ceil(data.questions.length / PAGE_SIZE));
  const [page, setPage] = useState(() => resumePage(data.questions, initial));
  const heading = useRef<HTMLHeadingElement>(null);
  const chains = useRef(new Map<number, Promise<unknown>>());
  const names = useMemo(() => Object.fromEntries(data.groups.map((g) => [g.code, g.name])), [data.groups]);
  const remaining = useDeadline(data.deadline_at, data.server_now);
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

  const save = useCallback(
    (question: Question, value: number) => {
      setAnswers((prev) => ({ ...prev, [question.id]: value }));
      setSaves((prev) => ({ ...prev, [question.id]: "saving" }));
      setMissing((prev) => prev.filter((m) => m.id !== question.id));
      const previous = chains.current.get(question.id) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(() => storeAnswer({ user_survey_id: id, question_id: question.id, answer: value }))
        .then(
          () => {
            if (chains.current.get(question.id) === next) {
              setSaves((prev) => ({ ...prev, [question.id]: "saved" }));
              queryClient.setQueryData(questionsQuery(id).queryKey, (old) =>
                old
                  ? {
                      ...old,
                      questions: old.questions.map((q) =>
                        q.id === question.id ? { ...q, answer: value } : q,
                      ),
                    }
                  : old,
              );
            }
          },
          (error: unknown) => {
            setSaves((prev) => ({ ...prev, [question.id]: "error" }));
            const code = error instanceof ApiError ? error.code : "";
            const message = error instanceof ApiError ? error.message : t("common.unknownError");
            if (
              ["survey_expired", "survey_ended", "survey_cancelled", "survey_already_completed"].includes(
                code,
              )
            ) {
              setClosed({ title: t(CODE_TITLES[code] ?? STEP_ERRORS.save), message });
            } else {
              setSaveError({ title: t(STEP_ERRORS.save), message });
            }
          },
        );
      chains.current.set(question.id, next);
    },
    [id, queryClient, t],
  );

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
    await Promise.allSettled(chains.current.values());
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

  const shown = data.questions.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
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
            {remaining !== null && (
              <p
                className={cn(
                  "inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium tabular-nums",
                  remaining < 120 ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-800",
                )}
              >
                <Clock className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">{t("surveys.taking.timeLeft")}</span>
                {formatClock(Math.max(0, remaining))}
              </p>
            )}
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
          {shown.map((question) => (
            <Statement
              key={question.id}
              question={question}
              scale={data.scale}
              value={answers[question.id]}
              state={saves[question.id]}
              disabled={locked}
              missing={missing.some((m) => m.id === question.id)}
              onAnswer={(value) => save(question, value)}
            />
          ))}
        </ol>
      </section>

      <nav
        className="flex flex-wrap items-center justify-between gap-3"
        aria-label={t("surveys.taking.pages")}
      >
        <Button variant="outline" disabled={page === 0} onClick={() => goTo(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          {t("common.previous")}
        </Button>
        <ol className="flex flex-wrap gap-1.5">
          {Array.from({ length: pages }, (_, index) => {
            const slice = data.questions.slice(index * PAGE_SIZE, (index + 1) * PAGE_SIZE);
            const complete = slice.every((q) => answers[q.id] !== undefined);
            return (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  aria-current={index === page ? "step" : undefined}
                  aria-label={t(complete ? "surveys.taking.pageDone" : "surveys.taking.pageTodo", {
                    page: index + 1,
                  })}
                  className={cn(
                    "h-9 w-9 rounded-lg border text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
                    index === page
                      ? "border-blue-700 bg-blue-700 text-white"
                      : complete
                        ? "border-emerald-300 bg-emerald-50 text-emerald-800"
                        : "border-slate-300 bg-white text-slate-700",
                  )}
                >
                  {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
        {page < pages - 1 ? (
          <Button onClick={() => goTo(page + 1)}>
            {t("common.next")}
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : (
          <Button onClick={() => void submit()} disabled={finish.isPending || locked}>
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            {finish.isPending ? t("common.working") : t("surveys.taking.finish")}
          </Button>
        )}
      </nav>

      {(missing.length > 0 || finishError) && (
        <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{t(STEP_ERRORS.submit)}</p>
          {finishError && <p className="text-sm">{finishError}</p>}
          {missing.length > 0 && (
            <>
              <p className="text-sm">{t("surveys.taking.unanswered", { count: missing.length })}</p>
              <ul className="flex flex-wrap gap-2">
                {missing.map((m) => (
                  <li key={m.id}>
                    <Button
                      size="xs"
                      variant="outline"
                      title={m.text}
                      onClick={() => goTo(Math.floor((m.number - 1) / PAGE_SIZE), m.id)}
                    >
                      {t("surveys.taking.goTo", { number: m.number })}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function Statement({
  question,
  scale,
  value,
  state,
  disabled,
  missing,
  onAnswer,
}: {
  question: Question;
  scale: Questions["scale"];
  value: number | undefined;
  state: SaveState | undefined;
  disabled: boolean;
  missing: boolean;
  onAnswer: (value: number) => void;
}) {
  const t = useT();
  return (
    <li>
      <fieldset
        id={`statement-${question.id}`}
        data-group={question.group}
        tabIndex={-1}
        className={cn(
          "grid scroll-mt-56 gap-3 rounded-2xl border bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-600",
          missing ? "border-red-400" : "border-slate-200",
        )}
      >
        <legend className="sr-only">
          {t("surveys.taking.statement", { number: question.number, text: question.text })}
        </legend>
        <div className="flex items-start justify-between gap-3" aria-hidden="true">
          <p className="font-medium text-slate-900">
            <span className="mr-2 text-slate-500">{question.number}.</span>
            {question.text}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div className="grid flex-1 grid-cols-5 gap-2">
            {scale.map((point) => {
              const checked = value === point.value;
              return (
                <label
                  key={point.value}
                  className={cn(
                    "flex cursor-pointer flex-col items-center gap-1 rounded-lg border px-2 py-2 text-center text-xs transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600",
                    checked
                      ? "border-blue-700 bg-blue-700 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                    disabled && "cursor-not-allowed opacity-60",
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`statement-${question.id}-answer`}
                    value={point.value}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onAnswer(point.value)}
                  />
                  <span className="text-base font-semibold">{point.value}</span>
                  <span>{point.label}</span>
                </label>
              );
            })}
          </div>
          <span className="w-24 shrink-0 text-right text-xs" aria-live="polite">
            {state === "saving" && (
              <span className="inline-flex items-center gap-1 text-amber-700">
                <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
                {t("surveys.taking.saving")}
              </span>
            )}
            {state === "saved" && (
              <span className="inline-flex items-center gap-1 text-emerald-700">
                <Check className="h-3.5 w-3.5" aria-hidden="true" />
                {t("surveys.taking.saved")}
              </span>
            )}
            {state === "error" && (
              <button
                type="button"
                className="inline-flex items-center gap-1 text-red-700 underline"
                onClick={() => value !== undefined && onAnswer(value)}
              >
                <RotateCw className="h-3.5 w-3.5" aria-hidden="true" />
                {t("surveys.taking.retry")}
              </button>
            )}
          </span>
        </div>
      </fieldset>
    </li>
  );
}

function SaveSummary({ saves }: { saves: Record<number, SaveState> }) {
  const t = useT();
  const states = Object.values(saves);
  const failed = states.filter((s) => s === "error").length;
  const saving = states.some((s) => s === "saving");
  return (
    <p
      data-testid="survey-save-status"
      data-state={failed ? "error" : saving ? "saving" : "saved"}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium",
        failed
          ? "bg-red-50 text-red-800"
          : saving
            ? "bg-amber-50 text-amber-900"
            : "bg-emerald-50 text-emerald-800",
      )}
    >
      {failed ? (
        <AlertTriangle className="h-4 w-4" aria-hidden="true" />
      ) : saving ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      )}
      {failed
        ? t("surveys.taking.failedCount", { count: failed })
        : saving
          ? t("surveys.taking.saving")
          : t("surveys.taking.allSaved")}
    </p>
  );
}

/** Seconds left until `deadline` by the server's clock (null without a time limit). */
function useDeadline(deadline: string | null | undefined, serverNow: string): number | null {
  const offset = useMemo(() => new Date(serverNow).getTime() - Date.now(), [serverNow]);
  const compute = useCallback(
    () => (deadline ? Math.round((new Date(deadline).getTime() - (Date.now() + offset)) / 1000) : null),
    [deadline, offset],
  );
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => setLeft(compute()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline, compute]);
  return left;
}

function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
