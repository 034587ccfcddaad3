/** /assignment/batch-progress/:batchId (educators) — a batch live: who is in the test, answered
 * x/y, tab switches, time left until each learner's deadline, submitted and result. Polls every
 * 5 s while the tab is visible. Links on to the batch's gradebook and item analysis (issue 19). */
import { ArrowLeft, BookOpenCheck, ChartColumn } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";

import { QueryRows } from "@/components/list/query-rows";
import { ButtonLink } from "@/components/ui/button-link";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { batchQuery } from "@/lib/api/batches";

import { cn } from "@/lib/cn";
import { formatDateTime, formatTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { serverNow } from "@/lib/server-clock";

import { useBatchProgress } from "../api/get-batch-progress";
import type { ProgressRow } from "../api/types";
import { formatPoints } from "../components/labels";
import { ConsentWithdrawnBadge, ResultBadge, VoidedBadge } from "../components/result-badge";

/** "mm:ss" or "h:mm:ss" until `deadline`; "0:00" when past. */
export function timeLeft(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

type Phase = "not_started" | "in_test" | "submitted";

function phaseOf(row: ProgressRow): Phase {
  if (row.submitted_at) return "submitted";
  if (row.started_at) return "in_test";
  return "not_started";
}

const PHASE_STYLE: Record<Phase, string> = {
  not_started: "bg-slate-100 text-slate-700",
  in_test: "bg-blue-100 text-blue-800",
  submitted: "bg-emerald-100 text-emerald-800",
};

export default function BatchProgressRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const batchId = Number(useParams().batchId);
  const batch = useQuery(batchQuery(batchId));
  const progress = useBatchProgress(batchId);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const rows = progress.data ?? [];
  const count = (phase: Phase) => rows.filter((r) => phaseOf(r) === phase).length;
  const phaseLabel = {
    not_started: t("grading.progress.notStarted"),
    in_test: t("grading.progress.inTest"),
    submitted: t("grading.progress.submitted"),
  };

  return (
    <div className="grid gap-6">
      <Link
        to={`/assignment/batch-detail/${batchId}`}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("grading.progress.back")}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-slate-600">{batch.data?.preset.name ?? "\u00a0"}</p>
          <h1 className="text-2xl font-semibold">
            {t("grading.progress.title")}
            {batch.data ? ` — ${batch.data.name}` : ""}
          </h1>
          {batch.data && (
            <p className="text-sm text-slate-500">
              {formatDateTime(batch.data.starts_at, locale)} – {formatDateTime(batch.data.expires_at, locale)}
            </p>
          )}
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <span className="relative flex h-2 w-2" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex h-2 w-2 rounded-full bg-emerald-500" />
            </span>
            {t("grading.progress.live")}
            {progress.dataUpdatedAt > 0 &&
              ` · ${t("grading.progress.updated", {
                time: formatTime(progress.dataUpdatedAt, { seconds: true }),
              })}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="outline" to={`/assignment/gradebook/batch/${batchId}`}>
            <BookOpenCheck className="h-4 w-4" aria-hidden="true" /> {t("tests.gradebook")}
          </ButtonLink>
          <ButtonLink variant="outline" to={`/assignment/item-analysis/batch/${batchId}`}>
            <ChartColumn className="h-4 w-4" aria-hidden="true" /> {t("tests.itemAnalysis")}
          </ButtonLink>
        </div>
      </header>
      {progress.isSuccess && rows.length > 0 && (
        <dl className="grid grid-cols-3 gap-3 sm:max-w-xl">
          {(["in_test", "submitted", "not_started"] as Phase[]).map((phase) => (
            <div key={phase} className="rounded-2xl border border-slate-200 bg-white p-3">
              <dt className="text-xs text-slate-500">{phaseLabel[phase]}</dt>
              <dd className="text-2xl font-semibold">{count(phase)}</dd>
            </div>
          ))}
        </dl>
      )}
      {progress.isError && progress.data && (
        <p role="alert" className="text-sm text-amber-800">
          {t("grading.progress.stale")}
        </p>
      )}
      <Table label={t("grading.progress.title")}>
        <Head>
          <Th>{t("grading.learner")}</Th>
          <Th>{t("grading.progress.state")}</Th>
          <Th>{t("grading.progress.answered")}</Th>
          <Th className="text-right">{t("grading.tabSwitches")}</Th>
          <Th>{t("grading.progress.timeLeft")}</Th>
          <Th>{t("grading.result")}</Th>
        </Head>
        <Body>
          <QueryRows
            query={{ isPending: progress.isPending, isError: progress.isError && !progress.data }}
            count={rows.length}
            colSpan={6}
            failed={t("grading.loadFailed")}
            empty={t("grading.progress.empty")}
          >
            {rows.map((row) => {
              const phase = phaseOf(row);
              const pct = row.questions ? Math.round((row.answered / row.questions) * 100) : 0;
              return (
                <Tr key={row.assignment_id}>
                  <Td className="font-medium max-md:text-base">
                    {row.attempt_id ? (
                      <Link
                        to={`/assignment/result/${row.attempt_id}`}
                        className="hover:text-blue-700 hover:underline"
                      >
                        {row.learner_name}
                      </Link>
                    ) : (
                      row.learner_name
                    )}
                  </Td>
                  <Td label={t("grading.progress.state")}>
                    <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", PHASE_STYLE[phase])}>
                      {phaseLabel[phase]}
                    </span>
                  </Td>
                  <Td label={t("grading.progress.answered")}>
                    {row.questions > 0 ? (
                      <span className="flex min-w-36 items-center gap-2">
                        <span className="tabular-nums">
                          {row.answered}/{row.questions}
                        </span>
                        <span
                          role="progressbar"
                          aria-label={t("grading.progress.answeredOf", { name: row.learner_name })}
                          aria-valuemin={0}
                          aria-valuemax={row.questions}
                          aria-valuenow={row.answered}
                          className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
                        >
                          <span
                            className="block h-full rounded-full bg-blue-600"
                            style={{ width: `${pct}%` }}
                          />
                        </span>
                      </span>
                    ) : (
                      "—"
                    )}
                  </Td>
                  <Td label={t("grading.tabSwitches")} className="md:text-right">
                    <span
                      className={cn("tabular-nums", row.tab_switches > 0 && "font-semibold text-amber-700")}
                    >
                      {row.tab_switches}
                    </span>
                  </Td>
                  <Td label={t("grading.progress.timeLeft")} className="whitespace-nowrap tabular-nums">
                    {phase === "in_test" && row.deadline_at
                      ? timeLeft(row.deadline_at, now)
                      : phase === "submitted" && row.submitted_at
                        ? formatDateTime(row.submitted_at, locale)
                        : "—"}
                  </Td>
                  <Td label={t("grading.result")}>
                    {phase === "submitted" ? (
                      <span className="flex flex-wrap items-center gap-1">
                        <ResultBadge result={row.result} />
                        {row.voided && <VoidedBadge />}
                        <ConsentWithdrawnBadge reason={row.submit_reason} />
                        {row.score !== null && (
                          <span className="text-xs text-slate-600">{formatPoints(row.score, locale)}</span>
                        )}
                      </span>
                    ) : row.voided ? (
                      <VoidedBadge />
                    ) : (
                      "—"
                    )}
                  </Td>
                </Tr>
              );
            })}
          </QueryRows>
        </Body>
      </Table>
    </div>
  );
}
