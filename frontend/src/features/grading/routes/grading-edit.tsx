/** /assignment/grading/edit?answer=<id>&preset=&batch=&state= (blank layout) — score one essay or
 * unmatched short answer: the stem, the rubric or accepted answers, the learner's answer (line
 * breaks kept), a score from 0 to the question's points (decimals allowed; the server's refusal
 * shown inline) and a comment. "Save & next" (Ctrl+Enter) moves to the next answer waiting under
 * the same filters; "n of m left" counts them. */
import { ArrowLeft } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";

import { MathHtml } from "@/components/math-html";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { gradingQuery } from "@/lib/api/grading";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { useQuery } from "@tanstack/react-query";

import { useSaveGrade } from "../api/save-grade";
import type { GradingRow } from "../api/types";
import { formatPoints, TYPE_LABEL } from "../components/labels";
import { idParam } from "../components/test-batch-filters";
import { editorPath, listPath as listPathOf } from "../lib/paths";

/** The answers the editor can move through (the first 100 of each state under the filters). */
const WINDOW = 100;

/** "7,5" or "7.5" -> 7.5; NaN when not a number. */
export function parseScore(raw: string): number {
  const text = raw.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return Number(text);
}

export default function GradingEditRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const answerId = idParam(params.get("answer"));
  const presetId = idParam(params.get("preset"));
  const batchId = idParam(params.get("batch"));
  const filters = { page: 1, limit: WINDOW, preset_id: presetId, batch_id: batchId };
  const pending = useQuery(gradingQuery({ ...filters, state: "pending" }));
  const graded = useQuery(gradingQuery({ ...filters, state: "graded" }));
  const [saved, setSaved] = useState<GradingRow | null>(null);

  const listPath = listPathOf(params);

  const row =
    (saved && saved.id === answerId ? saved : undefined) ??
    pending.data?.items.find((r) => r.id === answerId) ??
    graded.data?.items.find((r) => r.id === answerId);
  const left = pending.data?.total ?? 0;
  const total = left + (graded.data?.total ?? 0);

  /** The answer after `current` among those waiting (in the list's order), if any. */
  const nextAfter = (current: number): GradingRow | undefined => {
    const items = pending.data?.items ?? [];
    const index = items.findIndex((r) => r.id === current);
    return (
      (index >= 0 ? items.slice(index + 1) : items).find((r) => r.id !== current) ??
      items.find((r) => r.id !== current)
    );
  };

  const goNext = (current: number) => {
    const next = nextAfter(current);
    if (next) {
      navigate(editorPath(next.id, params));
    } else {
      toast({ variant: "success", title: t("grading.edit.allDone") });
      navigate(listPath);
    }
  };

  const loading = pending.isPending || graded.isPending;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={listPath}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("grading.edit.back")}
        </Link>
        {pending.data && graded.data && (
          <p
            className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
            aria-live="polite"
          >
            {t("grading.edit.left", { left, total })}
          </p>
        )}
      </div>
      {loading && (
        <p role="status" className="text-slate-500">
          {t("common.loading")}
        </p>
      )}
      {!loading && (pending.isError || graded.isError) && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t("grading.loadFailed")}
        </p>
      )}
      {!loading && pending.isSuccess && graded.isSuccess && !row && (
        <div className="grid gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-600">{t("grading.edit.notFound")}</p>
          <div className="flex justify-center gap-2">
            {nextAfter(answerId ?? 0) && (
              <Button onClick={() => goNext(answerId ?? 0)}>{t("grading.edit.firstWaiting")}</Button>
            )}
            <Link
              to={listPath}
              className="inline-flex h-10 items-center px-4 text-sm font-medium text-blue-700 hover:underline"
            >
              {t("grading.edit.back")}
            </Link>
          </div>
        </div>
      )}
      {row && (
        <GradeForm
          key={row.id}
          row={row}
          hasNext={!!nextAfter(row.id)}
          onSaved={(updated, andNext) => {
            setSaved(updated);
            if (andNext) goNext(updated.id);
            else toast({ variant: "success", title: t("grading.edit.saved") });
          }}
        />
      )}
    </div>
  );
}

function GradeForm({
  row,
  hasNext,
  onSaved,
}: {
  row: GradingRow;
  hasNext: boolean;
  onSaved: (row: GradingRow, andNext: boolean) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const id = useId();
  const save = useSaveGrade();
  const [score, setScore] = useState(row.score === null ? "" : String(row.score));
  const [comment, setComment] = useState(row.comment);
  const [scoreError, setScoreError] = useState("");
  const [formError, setFormError] = useState("");
  const scoreRef = useRef<HTMLInputElement>(null);
  const max = formatPoints(row.points, locale);
  const answerText = row.answer && "text" in row.answer ? row.answer.text : "";

  const submit = (andNext: boolean) => {
    if (save.isPending) return;
    setFormError("");
    const value = parseScore(score);
    if (score.trim() === "") {
      setScoreError(t("grading.edit.scoreRequired"));
      scoreRef.current?.focus();
      return;
    }
    if (Number.isNaN(value) || value < 0 || value > row.points) {
      setScoreError(t("grading.edit.scoreRange", { max }));
      scoreRef.current?.focus();
      return;
    }
    setScoreError("");
    save.mutate(
      { answerId: row.id, score: String(value), comment },
      {
        onSuccess: (updated) => onSaved(updated, andNext),
        onError: (error) => {
          if (error instanceof ApiError && error.errors.score?.length) {
            setScoreError(error.errors.score.join(" "));
            scoreRef.current?.focus();
          } else {
            setFormError(error.message || t("common.unknownError"));
          }
        },
      },
    );
  };

  // Ctrl+Enter (or Cmd+Enter) saves and moves on, wherever the focus is on the page.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
        event.preventDefault();
        submitRef.current(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <header className="grid gap-1">
        <p className="text-sm text-slate-600">
          {row.preset_name} ·{" "}
          {TYPE_LABEL[row.question_type] ? t(TYPE_LABEL[row.question_type]!) : row.question_type}
        </p>
        <h1 className="text-2xl font-semibold">{t("grading.edit.title", { name: row.learner_name })}</h1>
        {row.graded_at && (
          <p className="text-sm text-emerald-700">
            {t("grading.edit.gradedBy", {
              name: row.graded_by_name || "—",
              score: formatPoints(row.score, locale),
              max,
            })}
          </p>
        )}
      </header>
      <section
        aria-labelledby={`${id}-q`}
        className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id={`${id}-q`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("grading.question")} · {t("grading.edit.pointsN", { max })}
        </h2>
        <MathHtml text={row.stem} className="prose prose-slate max-w-none text-slate-900" />
      </section>
      <section
        aria-labelledby={`${id}-k`}
        className="grid gap-2 rounded-2xl border border-emerald-200 bg-emerald-50/50 p-5"
      >
        <h2 id={`${id}-k`} className="text-sm font-semibold uppercase tracking-wide text-emerald-800">
          {row.question_type === "short_text" ? t("grading.accepted") : t("grading.rubric")}
        </h2>
        {row.question_type === "short_text" ? (
          row.accepted.length ? (
            <ul className="flex flex-wrap gap-2">
              {row.accepted.map((a) => (
                <li key={a} className="rounded-full border border-emerald-300 bg-white px-3 py-1 text-sm">
                  {a}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm italic text-slate-500">{t("grading.edit.noKey")}</p>
          )
        ) : row.rubric ? (
          <MathHtml html={row.rubric} className="grid gap-2 text-sm leading-relaxed text-slate-800" />
        ) : (
          <p className="text-sm italic text-slate-500">{t("grading.edit.noRubric")}</p>
        )}
      </section>
      <section aria-labelledby={`${id}-a`} className="grid gap-2">
        <h2 id={`${id}-a`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("grading.learnerAnswer")}
        </h2>
        {answerText.trim() ? (
          <p
            data-testid="learner-answer"
            className="whitespace-pre-wrap break-words rounded-2xl border border-slate-200 bg-white p-5 leading-relaxed text-slate-900"
          >
            {answerText}
          </p>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 italic text-slate-500">
            {t("grading.noAnswer")}
          </p>
        )}
      </section>
      <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-[12rem_1fr]">
        <Field
          label={t("grading.edit.score", { max })}
          htmlFor={`${id}-score`}
          error={scoreError}
          hint={t("grading.edit.scoreHint", { max })}
        >
          <Input
            ref={scoreRef}
            id={`${id}-score`}
            inputMode="decimal"
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor's one task is the score: a grader goes from answer to answer by keyboard, and each answer's page starts in its score
            autoFocus
            value={score}
            aria-invalid={!!scoreError}
            onChange={(e) => {
              setScore(e.target.value);
              setScoreError("");
            }}
          />
        </Field>
        <Field label={t("grading.edit.comment")} htmlFor={`${id}-comment`}>
          <textarea
            id={`${id}-comment`}
            rows={4}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
          />
        </Field>
        {formError && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2"
          >
            {formError}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2 sm:col-span-2">
          <span className="mr-auto text-xs text-slate-500">{t("grading.edit.shortcut")}</span>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {save.isPending ? t("common.working") : t("common.save")}
          </Button>
          <Button type="button" disabled={save.isPending} onClick={() => submit(true)}>
            {hasNext ? t("grading.edit.saveNext") : t("grading.edit.saveFinish")}
          </Button>
        </div>
      </section>
    </form>
  );
}
