/** After navigation (not on survey, landing, login, signup or 426 routes), ask for the user's
 * newest in-progress survey; if there is one, offer to continue it (spec §2). */
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { getOngoingSurveyId } from "@/features/surveys/api/get-ongoing-survey";
import { useT } from "@/lib/intl";

const SKIP = [/^\/survey/, /^\/$/, /^\/login/, /^\/signup/, /^\/unsupported/];

export function OngoingSurveyPrompt() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const [surveyId, setSurveyId] = useState<number | null>(null);
  useEffect(() => {
    if (SKIP.some((pattern) => pattern.test(pathname))) return;
    let cancelled = false;
    void getOngoingSurveyId().then((id) => !cancelled && setSurveyId(id));
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  return (
    <Dialog
      open={surveyId !== null}
      onOpenChange={(open) => !open && setSurveyId(null)}
      title={t("survey.ongoingTitle")}
      description={t("survey.ongoingBody")}
      closeLabel={t("common.close")}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => setSurveyId(null)}>
          {t("survey.later")}
        </Button>
        <Button
          onClick={() => {
            const id = surveyId;
            setSurveyId(null);
            navigate(`/survey/overview/${id}`);
          }}
        >
          {t("survey.continue")}
        </Button>
      </div>
    </Dialog>
  );
}
