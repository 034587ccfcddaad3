/** The learner's result of one test (issue 7, item 6, learner half): pending release, voided, or
 * the score on the test's reporting scale ("8,75/10", decision 0056) with each part's subtotal,
 * pass or fail, the round's message and each answer against the key with its explanation once
 * released; a shared stimulus once, with the first of its questions, and each of them saying that
 * it refers to it (decision 0054). */
import { Check, CircleAlert, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";

import { inLanguage, MathHtml, MathSpan } from "@/components/math-html";
import { StimulusView } from "@/components/stimulus-view";
import { NumericReview, StatementsReview } from "@/components/national-answers";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatNumber as number } from "@/lib/format";
import { PartScores } from "@/components/part-scores";
import { useLanguage, useT } from "@/lib/intl";
import { formatScore } from "@/lib/score";

import { useResult } from "../api/get-result";
import type { Answer, Result, ResultAnswer } from "../api/types";
import {
  answerText,
  chosenValue,
  isAnswered,
  judgedStatements,
  keyParts,
  selectedOption,
  selectedOptions,
} from "../lib/answers";
import { paths } from "../lib/paths";
import { stimulusGroups, type StimulusGroup } from "../lib/stimuli";
import { linkButton } from "./assignment-action";
import { Breakdown } from "./breakdown";
import { ResultBadge } from "./status-badge";
import { StimulusNote, useStimulusRange } from "./stimulus-note";

export function ResultView({
  enrollmentId,
  headingLevel = 2,
  children,
}: {
  enrollmentId: number;
  headingLevel?: 1 | 2;
  /** Shown after the summary and the breakdown, before the answers (the advanced report). */
  children?: ReactNode;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const result = useResult(enrollmentId);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // The parts' headings one level below the result's (issue 38: the breakdown's h3 under the
  // result page's h1 skipped a level), each question's one below its section's.
  const Part = headingLevel === 1 ? "h2" : "h3";

  if (result.isPending) return <p role="status">{t("common.loading")}</p>;
  if (result.isError) {
    const notStarted = result.error instanceof ApiError && result.error.status === 404;
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <p>{t(notStarted ? "takeTest.result.notTaken" : "takeTest.result.loadFailed")}</p>
        {!notStarted && (
          <Button variant="outline" onClick={() => void result.refetch()}>
            {t("takeTest.retry")}
          </Button>
        )}
      </div>
    );
  }
  const data = result.data;
  const groups = stimulusGroups(
    data.answers.map((row) => row.question),
    data.stimuli,
  );
  return (
    <section aria-labelledby="result-heading" className="grid gap-4">
      <Heading
        id="result-heading"
        className={headingLevel === 1 ? "text-2xl font-semibold" : "text-lg font-semibold"}
      >
        {t("takeTest.result.title")}
      </Heading>
      {data.status === "in_progress" ? (
        <div className="grid justify-items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-5">
          <p>{t("takeTest.result.inProgress")}</p>
          <Link
            to={paths.test(enrollmentId)}
            className={cn(linkButton, "bg-amber-400 text-slate-900 hover:bg-amber-300")}
          >
            {t("myTests.action.continue")}
          </Link>
        </div>
      ) : (
        <Summary data={data} locale={locale} />
      )}
      {data.released && <PartScores parts={data.parts} heading={Part} id="result-parts-heading" />}
      {data.released && <Breakdown breakdown={data.breakdown} heading={Part} />}
      {children}
      {data.released && data.answers.length > 0 && (
        <section aria-labelledby="answers-heading" className="grid gap-4">
          <Part id="answers-heading" className="text-lg font-semibold">
            {t("takeTest.result.answers")}
          </Part>
          <ol aria-labelledby="answers-heading" className="grid gap-4">
            {data.answers.map((row, index) => (
              <AnswerReview
                key={row.question.id}
                row={row}
                index={index}
                heading={headingLevel === 1 ? "h3" : "h4"}
                group={row.question.stimulus_id !== null ? groups.get(row.question.stimulus_id) : undefined}
              />
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}

function Summary({ data, locale }: { data: Result; locale: string }) {
  const t = useT();
  return (
    <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      {data.voided && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t("takeTest.result.voided", { count: data.tab_switches })}
        </p>
      )}
      {data.submit_reason === "consent_withdrawn" && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t("takeTest.result.consentWithdrawn")}
        </p>
      )}
      {data.submitted_at && (
        <p className="text-sm text-slate-600">
          {t("takeTest.result.submittedAt", { when: formatDateTime(data.submitted_at, locale) })}
        </p>
      )}
      {!data.released ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {t("takeTest.result.pendingRelease")}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <div>
              <dt className="text-xs uppercase text-slate-500">{t("takeTest.result.score")}</dt>
              <dd className="text-2xl font-semibold tabular-nums">
                {formatScore(data.scale_score ?? 0, data.scale_max ?? 0, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase text-slate-500">{t("takeTest.result.outcome")}</dt>
              <dd className="mt-1">
                <ResultBadge result={data.result} size="md" />
              </dd>
            </div>
            {data.passing_score !== null && (
              <div>
                <dt className="text-xs uppercase text-slate-500">{t("takeTest.result.passingScore")}</dt>
                <dd className="text-lg tabular-nums">
                  {data.scale_max === null
                    ? number(data.passing_score, locale)
                    : formatScore(data.passing_score, data.scale_max, locale)}
                </dd>
              </div>
            )}
            <div>
              <dt className="text-xs uppercase text-slate-500">{t("takeTest.result.switches")}</dt>
              <dd className="text-lg">{data.tab_switches}</dd>
            </div>
          </dl>
          {data.message && (
            <blockquote className="rounded-lg border-l-4 border-blue-600 bg-blue-50 p-3 text-sm text-slate-800">
              {data.message}
            </blockquote>
          )}
        </>
      )}
    </div>
  );
}

function AnswerReview({
  row,
  index,
  heading: Heading,
  group,
}: {
  row: ResultAnswer;
  index: number;
  heading: "h3" | "h4";
  /** The shared stimulus the question hangs from. */
  group?: StimulusGroup;
}) {
  const t = useT();
  const range = useStimulusRange();
  const { language, locale } = useLanguage();
  const { question } = row;
  const key = keyParts(row.key);
  const answer: Answer = row.answer;
  const graded = row.score !== null;
  const full = graded && row.score === question.points;
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={headingId} className="font-semibold">
          {t("takeTest.questionN", { n: index + 1 })}
        </Heading>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-medium",
            !graded
              ? "bg-slate-100 text-slate-700"
              : full
                ? "bg-emerald-100 text-emerald-900"
                : "bg-red-100 text-red-800",
          )}
        >
          {graded
            ? t("takeTest.result.points", {
                score: number(row.score ?? 0, locale),
                max: question.points, // a number: ICU picks "1 point" / "2 points" and formats it
              })
            : t("takeTest.result.awaitingGrading")}
        </span>
      </div>
      {group && group.first === index && (
        <StimulusView
          stimulus={group.stimulus}
          label={range(group)}
          heading={Heading === "h3" ? "h4" : "h5"}
          untitled={t("takeTest.stimulus.untitled")}
        />
      )}
      {group && <StimulusNote group={group} />}
      <MathHtml text={question.stem} className="question-html" />
      {(question.type === "single_choice" || question.type === "multiple_choice") && (
        <ul className="grid gap-1.5">
          {question.options.map((option) => {
            const chosen =
              question.type === "single_choice"
                ? selectedOption(answer) === option.id
                : selectedOptions(answer).includes(option.id);
            const correct =
              question.type === "single_choice"
                ? key.option === option.id
                : (key.options ?? []).includes(option.id);
            return (
              <li
                key={option.id}
                className={cn(
                  "flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 text-sm",
                  correct
                    ? "border-emerald-300 bg-emerald-50"
                    : chosen
                      ? "border-red-300 bg-red-50"
                      : "border-slate-200",
                )}
              >
                {correct ? (
                  <Check className="h-4 w-4 text-emerald-700" aria-hidden="true" />
                ) : chosen ? (
                  <X className="h-4 w-4 text-red-700" aria-hidden="true" />
                ) : (
                  <span className="h-4 w-4" aria-hidden="true" />
                )}
                <MathSpan text={option} />
                {chosen && (
                  <span className="text-xs font-medium text-slate-700">
                    ({t("takeTest.result.yourChoice")})
                  </span>
                )}
                {correct && (
                  <span className="text-xs font-medium text-emerald-800">
                    ({t("takeTest.result.correct")})
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {question.type === "true_false" && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-500">{t("takeTest.result.yourAnswer")}</dt>
          <dd>
            {isAnswered(answer)
              ? t(chosenValue(answer) ? "takeTest.true" : "takeTest.false")
              : t("takeTest.result.noAnswer")}
          </dd>
          <dt className="text-slate-500">{t("takeTest.result.key")}</dt>
          <dd>{t(key.value ? "takeTest.true" : "takeTest.false")}</dd>
        </dl>
      )}
      {question.type === "true_false_set" && (
        <StatementsReview
          statements={question.statements}
          judged={judgedStatements(answer)}
          keyed={key.statements ?? {}}
          right={row.statements_right}
          score={row.score}
        />
      )}
      {question.type === "numeric" && (
        <NumericReview answer={answerText(answer)} accepted={key.accepted ?? []} />
      )}
      {(question.type === "short_text" || question.type === "essay") && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-500">{t("takeTest.result.yourAnswer")}</dt>
          <dd className="whitespace-pre-wrap">
            {isAnswered(answer) ? answerText(answer) : t("takeTest.result.noAnswer")}
          </dd>
          {question.type === "short_text" && (key.accepted ?? []).length > 0 && (
            <>
              <dt className="text-slate-500">{t("takeTest.result.key")}</dt>
              <dd>{(key.accepted ?? []).join(" · ")}</dd>
            </>
          )}
        </dl>
      )}
      {(question.type === "single_choice" || question.type === "multiple_choice") && !isAnswered(answer) && (
        <p className="text-sm text-slate-500">{t("takeTest.result.noAnswer")}</p>
      )}
      {row.comment && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm">
          <span className="font-medium">{t("takeTest.result.comment")}: </span>
          {row.comment}
        </p>
      )}
      {inLanguage(row.explanation, language) && (
        <details className="rounded-lg bg-slate-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t("takeTest.result.explanation")}</summary>
          <MathHtml text={row.explanation} className="mt-2" />
        </details>
      )}
    </li>
  );
}
