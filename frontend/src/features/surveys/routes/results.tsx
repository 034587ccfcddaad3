/** /survey/results/:id (educators): who has taken the survey in the organization (status,
 * progress, Holland code, full report) and the distribution of Holland codes: the most frequent
 * codes, the leading group, and the mean score per group on the hexagon. */
import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { Body, Table, Td, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { useSurveyManagement } from "@/lib/api/surveys";
import { formatDate, formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useCancelSubmission } from "../api/cancel-submission";
import { useResults } from "../api/get-results";
import { useSurvey } from "../api/get-survey";
import { useTakers } from "../api/get-takers";
import { RIASEC, SUBMISSION_STATUSES, type GroupCode, type SurveyResults, type Taker } from "../api/types";
import { HexagonChart } from "../components/hexagon-chart";
import { GROUP_COLOURS } from "../components/labels";
import { BackToSurveys, LoadFailed } from "../components/load-failed";
import { ManagementOff } from "../components/management-off";
import { StatusBadge } from "../components/status-badge";
import { SubmissionHead, SURVEY_LIST_DEFAULTS, SurveyFilters } from "../components/survey-filters";

const LIMIT = 20;

export default function SurveyResultsRoute() {
  const t = useT();
  const { language } = useLanguage();
  const id = Number(useParams().id);
  const survey = useSurvey(id);
  const results = useResults(id);
  const managing = useSurveyManagement();
  if (
    managing === false ||
    (survey.error instanceof ApiError && survey.error.code === "survey_management_disabled")
  ) {
    return <ManagementOff />;
  }
  if (survey.isPending || results.isPending) return <p role="status">{t("common.loading")}</p>;
  if (survey.isError || results.isError) {
    return <LoadFailed error={survey.error} to="/survey" back="surveys.backToList" />;
  }
  const groups = survey.data.groups;
  const names = Object.fromEntries(
    groups.map((g) => [
      g.code,
      (language === "en" ? g.name.en || g.name.vi : g.name.vi || g.name.en) ?? g.code,
    ]),
  ) as Record<GroupCode, string>;
  return (
    <div className="grid gap-6">
      <BackToSurveys />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">
          {language === "en" && survey.data.name_en ? survey.data.name_en : survey.data.name}
        </h1>
        <StatusBadge status={survey.data.status} />
      </header>
      <Distribution results={results.data} names={names} />
      <Takers surveyId={id} />
    </div>
  );
}

function Distribution({ results, names }: { results: SurveyResults; names: Record<GroupCode, string> }) {
  const t = useT();
  const { locale } = useLanguage();
  const top = results.codes.slice(0, 8);
  const most = Math.max(1, ...top.map((c) => c.count));
  const firstMost = Math.max(1, ...results.first_letters.map((c) => c.count));
  const byStatus = Object.fromEntries(results.by_status.map((s) => [s.status, s.count]));
  return (
    <section aria-labelledby="distribution" className="grid gap-4">
      <h2 id="distribution" className="text-lg font-semibold">
        {t("surveys.results.title")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["surveys.results.takers", results.takers],
          ["surveys.results.completed", results.completed],
          ["surveys.results.inProgress", byStatus.in_progress ?? 0],
          ["surveys.results.notStarted", (byStatus.not_started ?? 0) + (byStatus.pending ?? 0)],
        ].map(([label, value]) => (
          <div key={label as string} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-xs font-medium uppercase text-slate-500">
              {t(label as "surveys.results.takers")}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {results.completed === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("surveys.results.noneCompleted")}
        </p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-3">
          <div className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold">{t("surveys.results.codes")}</h3>
            <ul className="grid gap-2" aria-label={t("surveys.results.codes")}>
              {top.map((row) => (
                <li key={row.code} className="grid grid-cols-[3.5rem_1fr_2.5rem] items-center gap-2 text-sm">
                  <span className="font-semibold tracking-widest">{row.code}</span>
                  <span className="block h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                    <span
                      className="block h-full rounded-full bg-blue-700"
                      style={{ width: `${(row.count / most) * 100}%` }}
                    />
                  </span>
                  <span className="text-right tabular-nums">
                    {t("surveys.results.count", { count: row.count })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold">{t("surveys.results.firstLetters")}</h3>
            <ul className="grid gap-2" aria-label={t("surveys.results.firstLetters")}>
              {results.first_letters.map((row) => (
                <li key={row.code} className="grid grid-cols-[7rem_1fr_2.5rem] items-center gap-2 text-sm">
                  <span className="truncate">
                    {row.code} · {(names[row.code as GroupCode] ?? row.code).split(" (")[0]}
                  </span>
                  <span className="block h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                    <span
                      className="block h-full rounded-full"
                      style={{
                        width: `${(row.count / firstMost) * 100}%`,
                        background: GROUP_COLOURS[row.code as GroupCode],
                      }}
                    />
                  </span>
                  <span className="text-right tabular-nums">{row.count}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid content-start gap-2 rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold">{t("surveys.results.means")}</h3>
            <HexagonChart
              scores={results.mean_normalized.map((m) => ({
                code: m.code as GroupCode,
                name: names[m.code as GroupCode] ?? m.code,
                normalized: m.mean,
              }))}
            />
            <table className="text-sm" aria-label={t("surveys.results.means")}>
              <tbody>
                {RIASEC.map((code) => (
                  <tr key={code} className="border-t border-slate-100">
                    <th scope="row" className="p-1 text-left font-medium">
                      {code} · {(names[code] ?? code).split(" (")[0]}
                    </th>
                    <td className="p-1 text-right tabular-nums">
                      {formatNumber(results.mean_normalized.find((m) => m.code === code)?.mean ?? 0, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

function Takers({ surveyId }: { surveyId: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const params = useListParams(SURVEY_LIST_DEFAULTS);
  const { values, page, filtered, set } = params;
  const [cancelling, setCancelling] = useState<Taker | null>(null);
  const [error, setError] = useState("");
  const takers = useTakers(surveyId, {
    page,
    limit: LIMIT,
    search: values.search,
    status: values.status,
    order_by: values.order,
  });
  const cancel = useCancelSubmission();
  return (
    <section aria-labelledby="takers" className="grid gap-4">
      <h2 id="takers" className="text-lg font-semibold">
        {t("surveys.results.takersTitle")}
      </h2>
      <SurveyFilters
        id="takers"
        params={params}
        statuses={SUBMISSION_STATUSES}
        orders={[
          ["-created_at", "surveys.sort.newest"],
          ["name", "surveys.sort.learner"],
          ["-completed_at", "surveys.sort.completed"],
          ["holland_code", "surveys.sort.code"],
        ]}
        placeholder={t("surveys.results.searchTakers")}
      />
      <Table label={t("surveys.results.takersTitle")}>
        <SubmissionHead first="surveys.results.learner" />
        <Body>
          <QueryRows
            query={takers}
            count={takers.data?.items.length ?? 0}
            colSpan={6}
            failed={t("surveys.error.retrieve")}
            empty={t("surveys.results.noTakers")}
            noMatches={t("surveys.list.noMatch")}
            filtered={filtered}
          >
            {takers.data?.items.map((row) => (
              <Tr key={row.user_survey_id ?? row.learner_profile_id}>
                <Td label={t("surveys.results.learner")}>
                  <div className="grid gap-0.5">
                    <span className="font-medium">{row.learner_name}</span>
                    <span className="text-xs text-slate-500">{row.learner_email}</span>
                  </div>
                </Td>
                <Td label={t("surveys.list.status")}>
                  <StatusBadge status={row.status} />
                </Td>
                <Td label={t("surveys.list.progress")}>
                  <span className="tabular-nums">{row.answered}</span>
                </Td>
                <Td label={t("surveys.list.code")}>
                  <span className="font-semibold tracking-wider">{row.holland_code || "—"}</span>
                  {row.report_unlocked && (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">
                      {t("surveys.results.report")}
                    </span>
                  )}
                </Td>
                <Td label={t("surveys.list.date")}>
                  {formatDate(row.completed_at ?? row.created_at, locale)}
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-2">
                    {row.user_survey_id && (
                      <Link
                        to={`/survey/overview/${row.user_survey_id}`}
                        className="text-sm font-medium text-blue-700 hover:underline"
                      >
                        {t("surveys.results.view")}
                      </Link>
                    )}
                    {(row.status === "not_started" ||
                      row.status === "in_progress" ||
                      row.status === "pending") && (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => {
                          setError("");
                          setCancelling(row);
                        }}
                      >
                        {t("surveys.action.cancel")}
                      </Button>
                    )}
                  </div>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {takers.data && (
        <Pager page={page} limit={LIMIT} total={takers.data.total} onPage={(next) => set({ page: next })} />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onCancel={() => setCancelling(null)}
        onConfirm={() =>
          cancelling?.user_survey_id &&
          cancel.mutate(cancelling.user_survey_id, {
            onSuccess: () => setCancelling(null),
            onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
          })
        }
        busy={cancel.isPending}
        title={t("surveys.confirm.cancelTakerTitle")}
        description={t("surveys.confirm.cancelTakerBody", { name: cancelling?.learner_name ?? "" })}
        confirmLabel={t("surveys.action.cancel")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        error={error}
      />
    </section>
  );
}
