/** An item analysis page (issue 19, section 2; decision 0017): a test's (every counted attempt)
 * or one batch's (issue 19; partial credit, true/false sets and numeric answers: issue 39, item 3,
 * decision 0059). The state ("Đang tính…" while queued or running, polled, with a progress bar
 * once a running computation reports how far it is; the last figures stay shown meanwhile), the counts, the test's figures, the score histogram with its screen-reader
 * table, for a test in parts the parts' means and facilities ("Theo phần") and the questions
 * grouped under their part's name, the per-question table, the flags explained with the server's thresholds, the .xlsx
 * download and "recompute". Alpha (named "alpha (KR-20 for right/wrong items)") and SEM from fewer
 * attempts than the server's minimum carry the note that says so. */
import { useQuery } from "@tanstack/react-query";
import { Download, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";

import { FewAttemptsNote, ItemFlagExplanations } from "@/components/item-flags";
import { Lang } from "@/components/lang";
import { ScopeHeader } from "@/components/scope-header";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ApiError } from "@/lib/api-client";
import { useDownload } from "@/lib/download";
import { formatDateTime, formatNumber, formatPercent } from "@/lib/format";
import { formatScore } from "@/lib/score";
import { useLanguage, useT } from "@/lib/intl";

import { exportItemAnalysis } from "../api/export-item-analysis";
import { batchItemAnalysisQuery } from "../api/get-batch-item-analysis";
import { presetItemAnalysisQuery } from "../api/get-preset-item-analysis";
import { useRecomputeItemAnalysis } from "../api/recompute-item-analysis";
import { computing, type ItemAnalysisScope } from "../api/types";
import { ItemPartTable } from "./part-table";
import { ItemQuestionTable } from "./question-table";
import { ScoreHistogram } from "./score-histogram";

/** A figure's name, its value and, from too few attempts, the note that says so under it. */
type Figure = [name: string, value: string, note?: ReactNode];

function Figures({ label, items }: { label: string; items: Figure[] }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map(([name, value, note]) => (
          <div key={name} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{name}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
            {note && <dd>{note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ItemAnalysisView({ scope, id }: { scope: ItemAnalysisScope; id: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const query = useQuery(scope === "preset" ? presetItemAnalysisQuery(id) : batchItemAnalysisQuery(id));
  const recompute = useRecomputeItemAnalysis();
  const { downloading: exporting, download } = useDownload(
    () => exportItemAnalysis(scope, id),
    t("itemAnalysis.exportFailed"),
  );

  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t(scope === "preset" ? "itemAnalysis.testNotFound" : "itemAnalysis.batchNotFound")}
      </p>
    );
  }
  if (query.isPending) return <p role="status">{t("common.loading")}</p>;
  if (query.isError) return <p role="alert">{t("common.unknownError")}</p>;

  const data = query.data;
  const { state, summary } = data;
  const busy = computing(data);
  const num = (value: number | null | undefined) => (value == null ? "—" : formatNumber(value, locale));
  const title = scope === "preset" ? data.preset_name : data.batch_name || t("itemAnalysis.batchN", { id });

  const counts: Figure[] = [
    [t("itemAnalysis.attempts"), num(state.attempts)],
    [t("itemAnalysis.voided"), num(state.voided)],
    [t("itemAnalysis.pending"), num(state.pending)],
  ];
  const note =
    summary?.few_attempts === true ? (
      <FewAttemptsNote count={summary.n} minimum={data.thresholds.min_attempts} />
    ) : undefined;
  // The score figures on the test's reporting scale, as the server converts them (decision 0056).
  const scale = data.scale;
  const onScale = (value: number | null | undefined) =>
    value == null || !scale ? num(value) : formatScore(value, scale.scale_max, locale);
  const figures: Figure[] = summary
    ? [
        [t("itemAnalysis.summary.n"), num(summary.n)],
        [t("itemAnalysis.summary.mean"), scale ? onScale(scale.mean) : num(summary.mean)],
        [t("itemAnalysis.summary.median"), scale ? onScale(scale.median) : num(summary.median)],
        [t("itemAnalysis.summary.sd"), num(scale ? scale.sd : summary.sd)],
        [t("itemAnalysis.summary.skewness"), num(summary.skewness)],
        [t("itemAnalysis.summary.alpha"), num(summary.alpha), note],
        [t("itemAnalysis.summary.sem"), num(summary.sem), note],
        [t("itemAnalysis.summary.maxScore"), num(scale ? scale.scale_max : summary.max_score)],
      ]
    : [];

  return (
    <div className="grid gap-6">
      <ScopeHeader
        back={{
          to: scope === "preset" ? `/test-preset/detail/${id}` : `/assignment/batch-detail/${id}`,
          label: t(scope === "preset" ? "itemAnalysis.backToTest" : "itemAnalysis.backToBatch"),
        }}
        kicker={t(scope === "preset" ? "itemAnalysis.kickerPreset" : "itemAnalysis.kickerBatch")}
        title={<Lang>{title}</Lang>}
        wholeTest={
          scope === "batch"
            ? {
                to: `/assignment/item-analysis/preset/${data.preset_id}`,
                name: data.preset_name,
                label: t("itemAnalysis.wholeTest"),
              }
            : undefined
        }
        intro={t("itemAnalysis.intro")}
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void download()} disabled={exporting || !summary}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? t("itemAnalysis.exporting") : t("itemAnalysis.export")}
          </Button>
          <Button
            variant="outline"
            disabled={busy || recompute.isPending}
            onClick={() => recompute.mutate({ scope, id })}
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t("itemAnalysis.recompute")}
          </Button>
        </div>
      </ScopeHeader>

      <div className="grid gap-1 text-sm">
        {busy ? (
          <p role="status" className="w-fit rounded-lg bg-blue-50 px-3 py-2 font-medium text-blue-900">
            {t("itemAnalysis.computing")}
          </p>
        ) : (
          <p role="status" className="sr-only" />
        )}
        {busy && state.progress !== null && (
          <div className="w-full max-w-sm">
            <ProgressBar
              label={t("itemAnalysis.progress")}
              value={state.progress * 100}
              text={formatPercent(state.progress, locale)}
            />
          </div>
        )}
        {state.status === "failed" && (
          <p role="alert" className="w-fit rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {t("itemAnalysis.failed")}
          </p>
        )}
        <p className="text-slate-600">
          {state.computed_at
            ? t("itemAnalysis.computedAt", { date: formatDateTime(state.computed_at, locale) })
            : t("itemAnalysis.neverComputed")}
        </p>
      </div>

      <Figures label={t("itemAnalysis.countsLabel")} items={counts} />

      {summary ? (
        <>
          <Figures label={t("itemAnalysis.summaryLabel")} items={figures} />
          {summary.reliability_basis === "positions" && (
            <p className="text-sm text-slate-600">{t("itemAnalysis.summary.positions")}</p>
          )}
          <ScoreHistogram
            bins={scale ? scale.histogram : summary.histogram}
            maxScore={scale ? scale.scale_max : summary.max_score}
          />
          {data.parts.length > 0 && <ItemPartTable parts={data.parts} />}
          <section className="grid gap-3" aria-labelledby="item-analysis-questions">
            <h2 id="item-analysis-questions" className="text-lg font-semibold">
              {t("itemAnalysis.questions")}
            </h2>
            <p className="text-sm text-slate-600">{t("itemAnalysis.questionsHint")}</p>
            <ItemQuestionTable questions={data.questions} thresholds={data.thresholds} parts={data.parts} />
          </section>
          <ItemFlagExplanations
            flags={data.flags}
            thresholds={data.thresholds}
            headingId="item-analysis-flags"
          />
        </>
      ) : (
        !busy && <p className="text-sm text-slate-600">{t("itemAnalysis.noFigures")}</p>
      )}
    </div>
  );
}
