/** After navigation (not on survey, landing, login, signup or 426 routes), ask for the learner's
 * newest in-progress survey; if there is one, offer to continue it (spec §2). Only learners with
 * a survey account are asked (spec §6). Continue goes to that survey's overview. */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { fetchOngoingSurveyId } from "@/features/surveys/api/get-my-surveys";
import { shouldAskOngoingSurvey } from "@/features/surveys/lib/ongoing-prompt";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { useT } from "@/lib/intl";

export function OngoingSurveyPrompt() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const queryClient = useQueryClient();
  const user = useAuthorized().data?.user;
  const ask = shouldAskOngoingSurvey(pathname, user);
  const [surveyId, setSurveyId] = useState<number | null>(null);
  useEffect(() => {
    if (!ask) return;
    let cancelled = false;
    void fetchOngoingSurveyId(queryClient).then((id) => !cancelled && setSurveyId(id));
    return () => {
      cancelled = true;
    };
  }, [pathname, ask, queryClient]);
  return (
    <Dialog
      open={ask && surveyId !== null}
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
