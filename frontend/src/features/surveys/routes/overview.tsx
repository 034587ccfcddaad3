/** /survey/overview/:id (learners, and educators viewing a taker; at least 1280 px wide): the
 * survey before it is taken (what it is, how it works, the scale, time limit and dates) with
 * Start / Continue, and where it stands afterwards. The id is the user_survey_id. */
import { ArrowLeft, CalendarClock, Clock, Layers, ListChecks, Play } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useOverview } from "../api/get-overview";
import { useStartSurvey } from "../api/start-survey";
import type { SurveyUser } from "../api/types";
import { CODE_TITLES, STEP_ERRORS } from "../components/labels";
import { ResultView } from "../components/result-view";
import { StatusBadge } from "../components/status-badge";
import { LoadFailed } from "../components/load-failed";

export default function SurveyOverviewRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const overview = useOverview(id);
  const educator = useAuthorized().data?.user.pandai_profile_role === "EDUCATOR";
  if (overview.isPending) return <p role="status">{t("common.loading")}</p>;
  if (overview.isError) {
    return (
      <LoadFailed error={overview.error} to={educator ? "/survey" : "/survey/student"} back="surveys.back" />
    );
  }
  const survey = overview.data;
  return (
    <div className="grid max-w-6xl gap-6">
      <Link
        to={educator ? `/survey/results/${survey.organization_survey_id}` : "/survey/student"}
        className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {educator ? t("surveys.backToTakers") : t("surveys.back")}
      </Link>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{survey.name}</h1>
          <StatusBadge status={survey.status} />
        </div>
        <p className="text-sm text-slate-500">
          {educator ? t("surveys.overview.takenBy", { name: survey.learner_name }) : survey.organization.name}
        </p>
      </header>
      {educator && survey.status === "completed" ? (
        <ResultView survey={survey} canBuy={false} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <About survey={survey} />
          <Action survey={survey} readOnly={educator} />
        </div>
      )}
    </div>
  );
}

function About({ survey }: { survey: SurveyUser }) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <section
      className="grid content-start gap-5 rounded-2xl border border-slate-200 bg-white p-6"
      aria-labelledby="about"
    >
      <h2 id="about" className="text-lg font-semibold">
        {t("surveys.overview.about")}
      </h2>
      <p className="text-slate-700">{survey.description}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact icon={ListChecks} label={t("surveys.overview.statements")}>
          {t("surveys.overview.statementsValue", {
            count: survey.statement_count,
            groups: survey.group_count,
          })}
        </Fact>
        <Fact icon={Clock} label={t("surveys.overview.timeLimit")}>
          {survey.time_limit_minutes
            ? t("surveys.student.minutes", { count: survey.time_limit_minutes })
            : t("surveys.student.noLimit")}
        </Fact>
        <Fact icon={CalendarClock} label={t("surveys.overview.window")}>
          {survey.starts_at || survey.ends_at
            ? t("surveys.overview.windowValue", {
                from: survey.starts_at ? formatDateTime(survey.starts_at, locale) : "—",
                to: survey.ends_at ? formatDateTime(survey.ends_at, locale) : "—",
              })
            : t("surveys.overview.always")}
        </Fact>
        <Fact icon={Layers} label={t("surveys.overview.groups")}>
          {t("surveys.overview.groupsValue")}
        </Fact>
      </dl>
      <div className="grid gap-2">
        <h3 className="font-semibold">{t("surveys.overview.how")}</h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("surveys.overview.step1")}</li>
          <li>{t("surveys.overview.step2")}</li>
          <li>{t("surveys.overview.step3")}</li>
        </ol>
      </div>
      <div className="grid gap-2">
        <h3 className="font-semibold">{t("surveys.overview.scale")}</h3>
        <ol className="flex flex-wrap gap-2" aria-label={t("surveys.overview.scale")}>
          {survey.scale.map((point) => (
            <li key={point.value} className="rounded-full border border-slate-200 px-3 py-1 text-sm">
              <span className="font-semibold">{point.value}</span> · {point.label}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: React.ComponentType<{ className?: string }>;
  label: string;
  children: React.ReactNode;
}) {
  // A dl's group holds only its dt and dd (axe definition-list): the icon sits inside the dt,
  // placed in the group's left margin.
  return (
    <div className="relative pl-8">
      <dt className="text-xs font-medium uppercase text-slate-500">
        <Icon className="absolute left-0 top-0.5 h-5 w-5 text-blue-700" aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function Action({ survey, readOnly }: { survey: SurveyUser; readOnly: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const start = useStartSurvey();
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const percent = survey.total ? Math.round((survey.answered / survey.total) * 100) : 0;
  function go() {
    setFailure(null);
    start.mutate(survey.id, {
      onSuccess: () => navigate(`/survey/taking/${survey.id}`),
      onError: (e) => {
        const code = e instanceof ApiError ? e.code : "";
        setFailure({
          title: t(CODE_TITLES[code] ?? STEP_ERRORS.start),
          message: e instanceof ApiError ? e.message : t("common.unknownError"),
        });
      },
    });
  }
  return (
    <aside
      className="grid content-start gap-4 self-start rounded-2xl border border-slate-200 bg-white p-6"
      aria-labelledby="your-survey"
    >
      <h2 id="your-survey" className="text-lg font-semibold">
        {readOnly ? t("surveys.overview.learnerSurvey") : t("surveys.overview.yourSurvey")}
      </h2>
      {(survey.status === "in_progress" || survey.answered > 0) && survey.status !== "completed" && (
        <div className="grid gap-1">
          <span className="text-sm text-slate-600">
            {t("surveys.taking.answered", { answered: survey.answered, total: survey.total })}
          </span>
          <span
            role="progressbar"
            aria-label={t("surveys.overview.progress")}
            aria-valuemin={0}
            aria-valuemax={survey.total}
            aria-valuenow={survey.answered}
            className="block h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <span className="block h-full rounded-full bg-blue-700" style={{ width: `${percent}%` }} />
          </span>
        </div>
      )}
      {survey.deadline_at && survey.status === "in_progress" && (
        <p className="text-sm text-slate-700">
          {t("surveys.overview.deadline", { time: formatDateTime(survey.deadline_at, locale) })}
        </p>
      )}
      {survey.status === "completed" && (
        <div className="grid gap-2">
          <p className="text-sm text-slate-600">{t("surveys.result.codeLabel")}</p>
          <p className="text-4xl font-extrabold tracking-widest" data-testid="overview-code">
            {survey.holland_code}
          </p>
          {!readOnly && (
            <Link
              to={`/survey/detail/${survey.id}`}
              className="inline-flex h-10 w-fit items-center rounded-lg bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
            >
              {t("surveys.student.seeResult")}
            </Link>
          )}
        </div>
      )}
      {survey.status === "pending" && (
        <p className="text-sm text-amber-900">
          {survey.starts_at
            ? t("surveys.overview.opensAt", { time: formatDateTime(survey.starts_at, locale) })
            : t("surveys.overview.notOpen")}
        </p>
      )}
      {["expired", "ended", "cancelled"].includes(survey.status) && (
        <p className="text-sm text-slate-700">
          {t(`surveys.overview.closed.${survey.status as "expired" | "ended" | "cancelled"}`)}
        </p>
      )}
      {!readOnly && survey.can_start && (
        <Button size="lg" onClick={go} disabled={start.isPending}>
          <Play className="h-4 w-4" aria-hidden="true" />
          {survey.status === "in_progress" ? t("surveys.overview.continue") : t("surveys.overview.start")}
        </Button>
      )}
      {failure && (
        <div
          role="alert"
          className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">{failure.title}</p>
          <p>{failure.message}</p>
        </div>
      )}
    </aside>
  );
}
