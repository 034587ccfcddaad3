/** The blocking prompt after login (issue 24, item 1; decision 0021): while the learner has not
 * consented to the notices in force (never, a new version, or withdrawn), has no date of birth, or
 * is under 16 with no parent asked yet, a dialog that only its own buttons close asks exactly what
 * the server lists in `prompt`: accept, or log out. The server decides; a date of birth under 16
 * is answered with "the parent's e-mail is required", which opens that field. After a new version
 * of the notices (decision 0048) a learner under 16 whose parent consented to the earlier one is
 * asked for the parent's address again (the one they consented from, filled in): the request is
 * mailed to the parent, who consents to the new version through its link. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";

import { NoticeConsentField } from "@/components/notice-consent";
import { TextField } from "@/components/person-fields";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useLogout } from "@/features/auth/api/logout";
import { ApiError } from "@/lib/api-client";
import { consentKeys, type ConsentState, useAnswerPrompt } from "@/lib/api/consent";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";

interface Values {
  accept_terms: boolean;
  date_of_birth: string;
  parent_email: string;
}

const FIELDS = ["accept_terms", "date_of_birth", "parent_email"] as const;

export function ConsentPrompt({ state }: { state: ConsentState }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useAnswerPrompt();
  const logout = useLogout(() => navigate("/"));
  const [failure, setFailure] = useState("");
  const [parentAsked, setParentAsked] = useState(false);
  const form = useForm<Values>({
    // A parent asked again after a new version (decision 0048): the address they consented from.
    defaultValues: {
      accept_terms: false,
      date_of_birth: "",
      parent_email: state.parent?.parent_email || state.request?.parent_email || "",
    },
  });
  const asks = new Set(state.prompt);
  const askParent = asks.has("parent_email") || parentAsked;
  const intro = state.own_withdrawn
    ? "learnerConsent.promptWithdrawn"
    : state.own && asks.has("terms")
      ? "learnerConsent.promptNewVersion"
      : asks.has("terms")
        ? "learnerConsent.promptIntro"
        : "learnerConsent.promptDetails";

  async function submit(values: Values) {
    setFailure("");
    if (asks.has("terms") && !values.accept_terms) {
      form.setError("accept_terms", { message: t("consent.acceptRequired") });
      return;
    }
    try {
      await answer.mutateAsync({
        accept_terms: values.accept_terms,
        terms_version: state.notices.terms?.version ?? "",
        privacy_version: state.notices.privacy?.version ?? "",
        date_of_birth: values.date_of_birth.trim(),
        parent_email: values.parent_email.trim(),
      });
      void queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey }); // the date of birth
    } catch (error) {
      if (error instanceof ApiError && error.errors.parent_email) setParentAsked(true);
      if (error instanceof ApiError && error.code === "notice_changed")
        void queryClient.invalidateQueries({ queryKey: consentKeys.all });
      const message = applyServerErrors(error, form.setError, FIELDS);
      const onFields = error instanceof ApiError && Object.keys(error.errors).length > 0;
      setFailure(onFields ? "" : message || t("common.unknownError"));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={() => {}}
      dismissible={false}
      title={t("learnerConsent.promptTitle")}
      description={t(intro)}
      closeLabel={t("common.close")}
      size="lg"
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
        {failure && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {failure}
          </p>
        )}
        {asks.has("terms") && (
          <NoticeConsentField
            id="prompt-accept"
            notices={state.notices}
            error={form.formState.errors.accept_terms?.message}
            inputProps={form.register("accept_terms")}
          />
        )}
        {asks.has("date_of_birth") && (
          <TextField
            form={form}
            name="date_of_birth"
            label={t("field.dateOfBirth")}
            placeholder="dd/mm/yyyy"
            inputMode="numeric"
          />
        )}
        {askParent && (
          <div className="grid gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4">
            <p className="text-sm text-amber-900">
              {t(
                state.parent_outdated
                  ? "consent.parentRenewal"
                  : state.age_band === "under_7"
                    ? "consent.parentUnder7"
                    : "consent.parentUnder16",
              )}
            </p>
            <TextField form={form} name="parent_email" label={t("consent.parentEmail")} type="email" />
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {t("header.logout")}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t("common.working") : t("learnerConsent.promptSubmit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
