/** The parts of an attempt's detail page: the timestamped integrity log and the answers against
 * the key with their scores and comments. */
import { Link } from "react-router-dom";

import { MathHtml } from "@/components/math-html";
import { cn } from "@/lib/cn";
import { formatDate, formatTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { AttemptDetail } from "../api/types";
import { AnswerAgainstKey } from "./answer-view";
import { EVENT_LABEL, formatPoints, SWITCH_EVENTS, TYPE_LABEL } from "./labels";

export function IntegrityLog({ attempt }: { attempt: AttemptDetail }) {
  const t = useT();
  const { locale } = useLanguage();
  const time = (iso: string) => `${formatDate(iso, locale)} ${formatTime(iso, { seconds: true })}`;
  return (
    <section aria-labelledby="log-title" className="grid content-start gap-3">
      <h2 id="log-title" className="text-lg font-semibold">
        {t("grading.detail.log")}
      </h2>
      {attempt.events.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
          {t("grading.detail.noEvents")}
        </p>
      ) : (
        <ol className="grid gap-0 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {attempt.events.map((event, index) => (
            <li key={`${event.occurred_at}-${index}`} className="grid gap-0.5 px-4 py-2.5 text-sm">
              <span className="flex flex-wrap items-baseline justify-between gap-2">
                <span
                  className={cn(
                    "font-medium",
                    event.kind === "voided" && "text-red-700",
                    event.kind === "reinstated" && "text-sky-800",
                    SWITCH_EVENTS.has(event.kind) && "text-amber-800",
                  )}
                >
                  {EVENT_LABEL[event.kind] ? t(EVENT_LABEL[event.kind]!) : event.kind}
                  {SWITCH_EVENTS.has(event.kind) && (
                    <span className="ml-2 text-xs font-normal text-slate-500">
                      {t("grading.detail.switchN", { count: event.count_after })}
                    </span>
                  )}
                </span>
                <time dateTime={event.occurred_at} className="tabular-nums text-xs text-slate-500">
                  {time(event.occurred_at)}
                </time>
              </span>
              {event.note && <span className="text-xs text-slate-600">{event.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function Answers({ attempt }: { attempt: AttemptDetail }) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <section aria-labelledby="answers-title" className="grid gap-3">
      <h2 id="answers-title" className="text-lg font-semibold">
        {t("grading.detail.answers")}
      </h2>
      {attempt.answers.length === 0 && (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
          {t("grading.detail.noAnswers")}
        </p>
      )}
      <ol className="grid gap-3">
        {attempt.answers.map((item, index) => {
          const waiting = item.needs_grading && item.score === null;
          return (
            <li
              key={item.question_id}
              className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="text-sm font-semibold text-slate-500">
                  {t("grading.detail.questionN", { n: index + 1 })} ·{" "}
                  {TYPE_LABEL[item.type] ? t(TYPE_LABEL[item.type]!) : item.type}
                </span>
                <span
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-sm font-medium",
                    waiting
                      ? "bg-amber-100 text-amber-900"
                      : item.score !== null && item.score >= item.points
                        ? "bg-emerald-100 text-emerald-800"
                        : "bg-slate-100 text-slate-800",
                  )}
                >
                  {waiting
                    ? t("grading.detail.awaiting")
                    : `${formatPoints(item.score ?? 0, locale)}/${formatPoints(item.points, locale)}`}
                </span>
              </div>
              <MathHtml text={item.stem} className="text-slate-900" />
              <AnswerAgainstKey item={item} />
              {item.comment && (
                <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
                  <span className="font-medium">{t("grading.edit.comment")}: </span>
                  <span className="whitespace-pre-wrap">{item.comment}</span>
                </p>
              )}
              {item.needs_grading && item.answer_id && attempt.status === "submitted" && (
                <Link
                  to={`/assignment/grading/edit?answer=${item.answer_id}&preset=${attempt.preset_id}`}
                  className="w-fit text-sm font-medium text-blue-700 hover:underline"
                >
                  {waiting ? t("grading.list.grade") : t("grading.detail.regrade")}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
