/** The learner's advanced report of one test (issue 7, item 7; spec section 5): why it is not
 * available yet (the server's reason: not bought, test not ended, result not released), or the
 * latest report (percentile among the preset's takers, the cohort's mean and median, the learner
 * against the cohort by cluster, the score distribution, strengths and weaknesses) with its PDF,
 * and a Generate button that honours the preset's wait period: the time left, in hours and
 * minutes, is counted on the server's clock. */
import { BarChart3, Download, RefreshCw } from "lucide-react";
import { useState, type ReactNode } from "react";

import { inLanguage } from "@/components/math-html";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { hoursMinutes, useCountdown } from "@/lib/server-clock";
import { formatScore } from "@/lib/score";

import { downloadReportPdf } from "../api/download-report-pdf";
import { useGenerateReport } from "../api/generate-report";
import { useReport } from "../api/get-report";
import type { AdvancedReportData } from "../api/types";
import { ResultBadge } from "./status-badge";
import { CohortChart, DistributionChart } from "./report-charts";

const REASONS: Record<string, MessageId> = {
  report_not_purchased: "takeTest.report.reason.notPurchased",
  test_not_ended: "takeTest.report.reason.notEnded",
  result_not_released: "takeTest.report.reason.notReleased",
};

export function AdvancedReport({
  enrollmentId,
  closesAt,
}: {
  enrollmentId: number;
  /** The batch's end (shown when the test has not ended). */
  closesAt?: string | null;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const query = useReport(enrollmentId);
  const generate = useGenerateReport(enrollmentId);
  // The time left before a new report may be generated (0 when it may), on the server's clock.
  const left =
    useCountdown(query.data?.next_generation_at, { offsetMs: query.data?.clockOffsetMs ?? 0 }) ?? 0;
  const [pdf, setPdf] = useState<"idle" | "busy" | "failed">("idle");

  const heading = (
    <h2 id="advanced-report-heading" className="flex items-center gap-2 text-lg font-semibold">
      <BarChart3 className="h-5 w-5 text-blue-700" aria-hidden="true" />
      {t("takeTest.report.title")}
    </h2>
  );
  const frame = (body: ReactNode) => (
    <section aria-labelledby="advanced-report-heading" className="grid gap-4">
      {heading}
      {body}
    </section>
  );

  if (query.isPending) return frame(<p role="status">{t("common.loading")}</p>);
  if (query.isError)
    return frame(
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <p>{t("takeTest.report.loadFailed")}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t("takeTest.retry")}
        </Button>
      </div>,
    );

  const state = query.data;
  const report = state.report;
  const reason = REASONS[state.reason];
  const waiting = left > 0;
  const { hours, minutes } = hoursMinutes(left);
  const wait = hoursMinutes(state.wait_minutes * 60_000);
  const failure = generate.error instanceof ApiError ? generate.error : null;
  const failureText: string | null = !generate.isError
    ? null
    : failure?.code === "report_wait"
      ? t("takeTest.report.waitRefused")
      : failure && REASONS[failure.code]
        ? t(REASONS[failure.code]!)
        : t("takeTest.report.generateFailed");

  const download = async () => {
    setPdf("busy");
    try {
      await downloadReportPdf(enrollmentId);
      setPdf("idle");
    } catch {
      setPdf("failed");
    }
  };

  return frame(
    <>
      {!state.available && reason && (
        <p className="rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {state.reason === "test_not_ended" && closesAt
            ? t("takeTest.report.reason.notEndedAt", { when: formatDateTime(closesAt, locale) })
            : t(reason)}
        </p>
      )}
      {state.available && (
        <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
          <div className="grid gap-1 text-sm">
            {report ? (
              <p>
                {t("takeTest.report.generatedAt", {
                  when: formatDateTime(state.generated_at ?? report.generated_at, locale),
                })}
              </p>
            ) : (
              <p>{t("takeTest.report.ready")}</p>
            )}
            {waiting ? (
              <p id="report-wait-note" className="font-medium text-amber-800">
                {t("takeTest.report.waitLeft", { hours, minutes })}
              </p>
            ) : (
              state.wait_minutes > 0 && (
                <p className="text-slate-500">
                  {t("takeTest.report.waitRule", { hours: wait.hours, minutes: wait.minutes })}
                </p>
              )
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => generate.mutate()}
              disabled={waiting || generate.isPending}
              aria-describedby={waiting ? "report-wait-note" : undefined}
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {generate.isPending
                ? t("takeTest.report.generating")
                : t(report ? "takeTest.report.regenerate" : "takeTest.report.generate")}
            </Button>
            {report && (
              <Button variant="outline" onClick={() => void download()} disabled={pdf === "busy"}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("takeTest.report.pdf")}
              </Button>
            )}
          </div>
        </div>
      )}
      {failureText && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failureText}
        </p>
      )}
      {generate.isSuccess && !generate.isPending && (
        <p role="status" className="sr-only">
          {t("takeTest.report.generated")}
        </p>
      )}
      {pdf === "failed" && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("takeTest.report.pdfFailed")}
        </p>
      )}
      {report && <ReportBody report={report} locale={locale} />}
    </>,
  );
}

/** The report's figures on the test's reporting scale (decision 0056); a report stored before it
 * carries raw points only, shown as they were. */
function onScale(report: AdvancedReportData) {
  if (report.scale_max === null || report.scale_max === undefined) {
    return {
      max: report.max_score,
      score: report.score,
      mean: report.cohort_mean,
      median: report.cohort_median,
    };
  }
  return {
    max: report.scale_max,
    score: report.scale_score ?? 0,
    mean: report.scale_cohort_mean ?? 0,
    median: report.scale_cohort_median ?? 0,
  };
}

function ReportBody({ report, locale }: { report: AdvancedReportData; locale: string }) {
  const t = useT();
  const number = (n: number) => formatNumber(n, locale);
  const shown = onScale(report);
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-4">
        <div>
          <dt className="text-xs uppercase text-slate-500">{t("takeTest.report.percentile")}</dt>
          <dd className="text-2xl font-semibold text-blue-800">{number(report.percentile)}</dd>
          <dd className="text-xs text-slate-600">
            {t("takeTest.report.percentileNote", { takers: report.takers })}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">{t("takeTest.result.score")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {formatScore(shown.score, shown.max, locale)}
          </dd>
          <dd className="text-xs text-slate-600">{`${number(report.percent)}%`}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">{t("takeTest.report.cohortMean")}</dt>
          <dd className="text-lg tabular-nums">{formatScore(shown.mean, shown.max, locale)}</dd>
          <dt className="mt-1 text-xs uppercase text-slate-500">{t("takeTest.report.cohortMedian")}</dt>
          <dd className="text-lg tabular-nums">{formatScore(shown.median, shown.max, locale)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">{t("takeTest.result.outcome")}</dt>
          <dd className="mt-1">
            <ResultBadge result={report.result} size="md" />
          </dd>
        </div>
      </dl>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <CohortChart report={report} />
        <DistributionChart report={report} />
      </div>
      {(report.stimuli ?? []).length > 0 && <StimulusTable report={report} locale={locale} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <ClusterList
          title={t("takeTest.report.strengths")}
          items={report.strengths}
          empty={t("takeTest.report.noStrengths")}
          tone="border-emerald-200 bg-emerald-50"
        />
        <ClusterList
          title={t("takeTest.report.weaknesses")}
          items={report.weaknesses}
          empty={t("takeTest.report.noWeaknesses")}
          tone="border-amber-200 bg-amber-50"
        />
      </div>
    </div>
  );
}

/** The points of each shared stimulus against the cohort (decision 0054), each named with the
 * questions that refer to it. */
function StimulusTable({ report, locale }: { report: AdvancedReportData; locale: string }) {
  const t = useT();
  const { language } = useLanguage();
  const number = (n: number) => formatNumber(n, locale);
  return (
    <div className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5">
      <h3 id="report-stimuli" className="font-semibold">
        {t("takeTest.report.stimuli")}
      </h3>
      <div className="overflow-x-auto">
        <table aria-labelledby="report-stimuli" className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs uppercase text-slate-500">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("takeTest.report.stimulus")}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("takeTest.result.score")}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                %
              </th>
              <th scope="col" className="py-1 font-medium">
                {t("takeTest.report.cohort")}
              </th>
            </tr>
          </thead>
          <tbody>
            {(report.stimuli ?? []).map((row) => {
              const range =
                row.first === row.last
                  ? t("takeTest.stimulus.forQuestion", { n: row.first })
                  : t("takeTest.stimulus.forQuestions", { first: row.first, last: row.last });
              const title = inLanguage(row.title, language) || t("takeTest.stimulus.untitled");
              return (
                <tr key={row.id} className="border-t border-slate-100">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {t("takeTest.review.stimulusItem", { range, title })}
                  </th>
                  <td className="py-2 pr-3">{`${number(row.score)}/${number(row.max)}`}</td>
                  <td className="py-2 pr-3">{number(row.percent)}</td>
                  <td className="py-2">{number(row.cohort_percent)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ClusterList({
  title,
  items,
  empty,
  tone,
}: {
  title: string;
  items: string[];
  empty: string;
  tone: string;
}) {
  return (
    <div className={`grid content-start gap-2 rounded-2xl border p-4 ${tone}`}>
      <h3 className="font-semibold">{title}</h3>
      {items.length > 0 ? (
        <ul aria-label={title} className="grid list-disc gap-1 pl-5 text-sm">
          {items.map((name, index) => (
            <li key={`${index}-${name}`}>{name}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
}
