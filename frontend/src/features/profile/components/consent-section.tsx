/** The profile page's "Consent" section (issue 24, item 1): the learner's own consent (versions,
 * when, in Vietnam time), the parent's (by the mailed link or on paper, and by whom), and
 * "Withdraw my consent": buying, tests and video stop at once, the account's deletion is
 * scheduled after the grace period, and consenting again (the prompt) cancels it. Learners only;
 * the server decides and sends every date. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/list/query-rows";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SectionCard } from "@/components/ui/section-card";
import { ApiError } from "@/lib/api-client";
import { useConsentState, useWithdrawConsent } from "@/lib/api/consent";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { dataRequestsQuery } from "../api/get-data-requests";

export function ConsentSection() {
  const t = useT();
  const { locale } = useLanguage();
  const learner = useAuthorized().data?.user.pandai_profile_role === "LEARNER";
  const state = useConsentState(learner);
  const withdraw = useWithdrawConsent();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [failure, setFailure] = useState("");
  if (!learner) return null;

  function onWithdraw() {
    setFailure("");
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setConfirm(false);
        void queryClient.invalidateQueries({ queryKey: dataRequestsQuery().queryKey });
      },
      onError: (error) => setFailure(error instanceof ApiError ? error.message : t("common.unknownError")),
    });
  }

  return (
    <SectionCard
      className="gap-4"
      title={t("learnerConsent.profileTitle")}
      intro={t("learnerConsent.profileIntro")}
    >
      <QueryState query={state} failed={t("learnerConsent.loadFailed")}>
        {(data) => (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium text-slate-700">{t("learnerConsent.yours")}</dt>
              <dd className="text-slate-800">
                {data.own && data.consented
                  ? t("learnerConsent.yoursGiven", {
                      terms: data.own.terms_version,
                      privacy: data.own.privacy_version,
                      date: formatDateTime(data.own.given_at, locale),
                    })
                  : t(data.own_withdrawn ? "learnerConsent.yoursWithdrawn" : "learnerConsent.yoursMissing")}
              </dd>
              {(data.parent || data.age_band === "child" || data.age_band === "under_7") && (
                <>
                  <dt className="font-medium text-slate-700">{t("learnerConsent.parents")}</dt>
                  <dd className="text-slate-800">
                    {data.parent
                      ? data.parent.source === "paper"
                        ? t("learnerConsent.parentPaper", {
                            name: data.parent.recorded_by,
                            date: formatDateTime(data.parent.given_at, locale),
                          })
                        : t("learnerConsent.parentByLink", {
                            email: data.parent.parent_email,
                            date: formatDateTime(data.parent.given_at, locale),
                          })
                      : t(
                          data.parent_withdrawn
                            ? "learnerConsent.parentWithdrawnShort"
                            : "learnerConsent.parentWaiting",
                        )}
                  </dd>
                </>
              )}
            </dl>
            {data.own && data.consented && (
              <div className="grid gap-2">
                <p className="text-sm text-slate-600">{t("learnerConsent.withdrawHelp")}</p>
                <div>
                  <Button variant="outline" onClick={() => setConfirm(true)}>
                    {t("learnerConsent.withdraw")}
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirm}
        onCancel={() => setConfirm(false)}
        onConfirm={onWithdraw}
        busy={withdraw.isPending}
        error={failure}
        title={t("learnerConsent.withdrawTitle")}
        description={t("learnerConsent.withdrawHelp")}
        confirmLabel={t("learnerConsent.withdraw")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </SectionCard>
  );
}
