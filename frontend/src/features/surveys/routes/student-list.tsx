/** /survey/student (learners): free surveys to take, and the learner's surveys with status,
 * progress and Holland code (GET /api/v1/survey-users/my-list: search, status, sort, paging). */
import { Clock, ListChecks, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";

import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Body, Table, Td, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { useTakeSurvey, type SurveySource } from "@/lib/api/survey-users";
import { formatDate, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useAvailableSurveys } from "../api/get-available-surveys";
import { useMySurveys } from "../api/get-my-surveys";
import { SUBMISSION_STATUSES, type AvailableSurvey, type SurveyUserRow } from "../api/types";
import { StatusBadge } from "../components/status-badge";
import { SubmissionHead, SURVEY_LIST_DEFAULTS, SurveyFilters } from "../components/survey-filters";

const LIMIT = 10;

export default function StudentSurveysRoute() {
  const t = useT();
  const params = useListParams(SURVEY_LIST_DEFAULTS);
  const { values, page, filtered, set } = params;
  const list = useMySurveys({
    page,
    limit: LIMIT,
    search: values.search,
    status: values.status,
    order_by: values.order,
  });
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold">{t("surveys.student.title")}</h1>
        <p className="max-w-3xl text-slate-600">{t("surveys.student.intro")}</p>
      </header>

      <Available />

      <section aria-labelledby="my-surveys" className="grid gap-4">
        <h2 id="my-surveys" className="text-lg font-semibold">
          {t("surveys.student.mine")}
        </h2>
        <SurveyFilters
          id="survey"
          params={params}
          statuses={SUBMISSION_STATUSES}
          orders={[
            ["-created_at", "surveys.sort.newest"],
            ["created_at", "surveys.sort.oldest"],
            ["name", "surveys.sort.name"],
            ["-completed_at", "surveys.sort.completed"],
          ]}
        />
        <Table label={t("surveys.student.mine")}>
          <SubmissionHead first="surveys.list.name" />
          <Body>
            <QueryRows
              query={list}
              count={list.data?.items.length ?? 0}
              colSpan={6}
              failed={t("surveys.error.retrieve")}
              empty={t("surveys.student.none")}
              noMatches={t("surveys.student.noMatch")}
              filtered={filtered}
            >
              {list.data?.items.map((row) => (
                <MyRow key={row.id} row={row} />
              ))}
            </QueryRows>
          </Body>
        </Table>
        {list.data && (
          <Pager page={page} limit={LIMIT} total={list.data.total} onPage={(next) => set({ page: next })} />
        )}
      </section>
    </div>
  );
}

function MyRow({ row }: { row: SurveyUserRow }) {
  const t = useT();
  const { locale } = useLanguage();
  const open = row.status === "not_started" || row.status === "in_progress";
  return (
    <Tr>
      <Td label={t("surveys.list.name")}>
        <div className="grid gap-0.5">
          <Link to={`/survey/detail/${row.id}`} className="font-medium text-slate-900 hover:text-blue-700">
            {row.name}
          </Link>
          <span className="text-xs text-slate-500">{row.organization.name}</span>
        </div>
      </Td>
      <Td label={t("surveys.list.status")}>
        <StatusBadge status={row.status} />
      </Td>
      <Td label={t("surveys.list.progress")}>
        <span className="tabular-nums">
          {t("surveys.list.answered", { answered: row.answered, total: row.total })}
        </span>
      </Td>
      <Td label={t("surveys.list.code")}>
        <span className="font-semibold tracking-wider">{row.holland_code || "—"}</span>
      </Td>
      <Td label={t("surveys.list.date")}>{formatDate(row.completed_at ?? row.created_at, locale)}</Td>
      <Td>
        {row.status === "completed" ? (
          <Link to={`/survey/detail/${row.id}`} className="text-sm font-medium text-blue-700 hover:underline">
            {t("surveys.student.seeResult")}
          </Link>
        ) : open ? (
          <Link
            to={`/survey/overview/${row.id}`}
            className="text-sm font-medium text-blue-700 hover:underline"
          >
            {row.status === "in_progress" ? t("surveys.student.continue") : t("surveys.student.start")}
          </Link>
        ) : (
          <Link to={`/survey/detail/${row.id}`} className="text-sm text-slate-600 hover:underline">
            {t("surveys.student.details")}
          </Link>
        )}
      </Td>
    </Tr>
  );
}

function Available() {
  const t = useT();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const user = useAuthorized().data?.user;
  const available = useAvailableSurveys();
  const take = useTakeSurvey();
  const [error, setError] = useState("");
  if (available.isPending) return <p role="status">{t("common.loading")}</p>;
  if (available.isError || available.data.length === 0) return null;
  const hasAccount = Boolean(user?.has_pandai_survey_account);
  function start(survey: AvailableSurvey) {
    setError("");
    const source: SurveySource =
      survey.source === "listing"
        ? { listing_id: survey.listing_id ?? 0 }
        : { test_enrollment_id: survey.test_enrollment_id ?? 0, survey_id: survey.organization_survey_id };
    take.mutate(
      { source, hasAccount },
      {
        onSuccess: (mine) => navigate(`/survey/overview/${mine.id}`),
        onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
      },
    );
  }
  return (
    <section aria-labelledby="available-surveys" className="grid gap-3">
      <h2 id="available-surveys" className="text-lg font-semibold">
        {t("surveys.student.available")}
      </h2>
      {!hasAccount && <p className="text-sm text-slate-600">{t("surveys.student.accountNote")}</p>}
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {available.data.map((survey) => (
          <li
            key={`${survey.organization.id}-${survey.organization_survey_id}`}
            className="grid content-start gap-3 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          >
            {survey.cover_image ? (
              <img src={survey.cover_image} alt="" className="aspect-[1200/630] w-full object-cover" />
            ) : (
              <div
                aria-hidden="true"
                className="h-2 bg-gradient-to-r from-red-500 via-purple-500 to-cyan-500"
              />
            )}
            <div className="grid gap-2 px-4 pb-4">
              <h3 className="font-semibold">{survey.name}</h3>
              <p className="text-xs text-slate-500">
                {survey.source === "test"
                  ? t("surveys.student.linkedTo", {
                      test: survey.test_name,
                      organization: survey.organization.name,
                    })
                  : survey.organization.name}
              </p>
              <p className="line-clamp-3 text-sm text-slate-700">{survey.description}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1">
                  <ListChecks className="h-3.5 w-3.5" aria-hidden="true" />
                  {t("surveys.student.statements", { count: survey.statement_count })}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                  {survey.time_limit_minutes
                    ? t("surveys.student.minutes", { count: survey.time_limit_minutes })
                    : t("surveys.student.noLimit")}
                </span>
                {survey.status === "pending" && survey.starts_at && (
                  <span>{t("surveys.student.opens", { date: formatDate(survey.starts_at, locale) })}</span>
                )}
              </p>
              <p className="text-sm">
                <span className="font-semibold text-emerald-700">{t("surveys.student.free")}</span>
                {survey.price_survey_report !== null && survey.price_survey_report > 0 && (
                  <span className="text-slate-600">
                    {" · "}
                    {t("surveys.student.reportPrice", {
                      price: formatVnd(survey.price_survey_report, locale),
                    })}
                  </span>
                )}
              </p>
              <Button className="w-fit" disabled={take.isPending} onClick={() => start(survey)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {t("surveys.student.take")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
