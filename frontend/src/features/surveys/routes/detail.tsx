/** /survey/detail/:id (learners): one of the learner's surveys. Completed: the result (Holland
 * code, hexagon and table, the three leading groups, the full report). Otherwise where it stands,
 * with the way back to its overview. */
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router-dom";

import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useSurveyUser } from "../api/get-survey-user";
import { ResultView } from "../components/result-view";
import { StatusBadge } from "../components/status-badge";
import { LoadFailed } from "../components/load-failed";

export default function SurveyDetailRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const id = Number(useParams().id);
  const detail = useSurveyUser(id);
  if (detail.isPending) return <p role="status">{t("common.loading")}</p>;
  if (detail.isError) {
    return <LoadFailed error={detail.error} to="/survey/student" back="surveys.back" />;
  }
  const survey = detail.data;
  return (
    <div className="grid max-w-6xl gap-6">
      <Link
        to="/survey/student"
        className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("surveys.back")}
      </Link>
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{survey.name}</h1>
          <StatusBadge status={survey.status} />
        </div>
        <p className="text-sm text-slate-500">
          {survey.organization.name}
          {survey.completed_at &&
            ` · ${t("surveys.detail.completedAt", { time: formatDateTime(survey.completed_at, locale) })}`}
        </p>
      </header>
      {survey.status === "completed" ? (
        <ResultView survey={survey} canBuy />
      ) : (
        <section className="grid max-w-2xl gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          <p>{t("surveys.detail.notCompleted")}</p>
          <p className="text-sm text-slate-600">
            {t("surveys.list.answered", { answered: survey.answered, total: survey.total })}
          </p>
          <Link
            to={`/survey/overview/${survey.id}`}
            className="inline-flex h-10 w-fit items-center rounded-lg bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
          >
            {t("surveys.detail.toOverview")}
          </Link>
        </section>
      )}
    </div>
  );
}
