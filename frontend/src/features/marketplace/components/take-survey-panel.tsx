/** A free career survey's listing, for a learner (issue 19; spec §7 survey flow): taking it is
 * free ("Làm khảo sát" takes it, POST /api/v1/survey-users, then opens its overview, where
 * the learner starts); the full report is the paid add-on, bought from the survey's result. The
 * survey account is opened on the way when the learner has none yet. Taking it again answers the
 * learner's existing survey. */
import { ClipboardList } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useTakeSurvey } from "@/lib/api/survey-users";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { Panel } from "./panel";

export function TakeSurveyPanel({
  listing,
  className,
}: {
  listing: { id: number; price_survey_report: number | null; price_test_only: number };
  className?: string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const ids = useId();
  const navigate = useNavigate();
  const user = useAuthorized().data?.user;
  const take = useTakeSurvey();
  const [error, setError] = useState("");
  const reportPrice = listing.price_survey_report ?? listing.price_test_only;

  function start() {
    setError("");
    take.mutate(
      { source: { listing_id: listing.id }, hasAccount: Boolean(user?.has_pandai_survey_account) },
      {
        onSuccess: (mine) => navigate(`/survey/overview/${mine.id}`),
        onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
      },
    );
  }

  return (
    <Panel id={`${ids}-title`} title={t("marketplace.survey.title")} className={className}>
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <ClipboardList className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <span>
          {reportPrice > 0
            ? t("marketplace.survey.reportPaid", { price: formatVnd(reportPrice, locale) })
            : t("marketplace.survey.reportFree")}
        </span>
      </p>
      {!user?.has_pandai_survey_account && (
        <p className="text-xs text-slate-600">{t("marketplace.survey.accountNote")}</p>
      )}
      <p className="text-xs text-slate-600">{t("marketplace.survey.pcNote")}</p>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button size="lg" disabled={take.isPending} onClick={start}>
        {t("marketplace.survey.start")}
      </Button>
    </Panel>
  );
}
