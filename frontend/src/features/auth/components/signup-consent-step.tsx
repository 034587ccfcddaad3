/** Sign-up's second step, consent (issue 24, item 1): the notices in force with their versions,
 * the box that accepts them, and, when the server says the date of birth is under 16, the
 * parent's or guardian's e-mail (the parent is mailed a link to consent). Under 7, a note that a
 * parent fills in the form. The server decides the age and every rule; this shows its answers. */
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";

import { NoticeConsentField } from "@/components/notice-consent";
import { TextField } from "@/components/person-fields";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useNotices } from "@/lib/api/consent";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";

import { FormAlert } from "./form-alert";

export interface SignupConsent {
  accept_terms: boolean;
  terms_version: string;
  privacy_version: string;
  parent_email: string;
}

const FIELDS = ["accept_terms", "parent_email"] as const;

export function SignupConsentStep({
  dateOfBirth,
  contactEmail,
  onBack,
  onSubmit,
}: {
  /** dd/mm/yyyy as typed in the first step. */
  dateOfBirth: string;
  /** The contact e-mail of the first step: the parent's address by default. */
  contactEmail: string;
  onBack: () => void;
  /** Registers with these answers; rejects with the server's error (shown here when it is about
   * this step's fields, else by the caller). */
  onSubmit: (consent: SignupConsent) => Promise<void>;
}) {
  const t = useT();
  const notices = useNotices(dateOfBirth);
  const heading = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState("");
  const form = useForm<{ accept_terms: boolean; parent_email: string }>({
    defaultValues: { accept_terms: false, parent_email: contactEmail },
  });
  useEffect(() => heading.current?.focus(), []);

  const data = notices.data;
  const needsParent = data?.needs_parent ?? false;

  async function submit(values: { accept_terms: boolean; parent_email: string }) {
    setFailure("");
    if (!values.accept_terms) {
      form.setError("accept_terms", { message: t("consent.acceptRequired") });
      return;
    }
    try {
      await onSubmit({
        accept_terms: true,
        terms_version: data?.terms?.version ?? "",
        privacy_version: data?.privacy?.version ?? "",
        parent_email: needsParent ? values.parent_email.trim() : "",
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === "notice_changed") void notices.refetch();
      const message = applyServerErrors(error, form.setError, FIELDS);
      if (error instanceof ApiError && Object.keys(error.errors).every((f) => !FIELDS.includes(f as never)))
        setFailure(message || t("auth.registrationFailed"));
      else setFailure(message);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t("consent.signupStep")}
      </h2>
      <FormAlert message={failure} />
      {notices.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : notices.isError || !data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t("consent.noticesFailed")}
          <Button type="button" size="sm" variant="outline" onClick={() => void notices.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t("consent.signupIntro")}</p>
          <NoticeConsentField
            id="accept_terms"
            notices={data}
            error={form.formState.errors.accept_terms?.message}
            inputProps={form.register("accept_terms")}
          />
          {needsParent && (
            <div className="grid gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4">
              <p className="text-sm text-amber-900">
                {t(data.age_band === "under_7" ? "consent.parentUnder7" : "consent.parentUnder16")}
              </p>
              <TextField
                form={form}
                name="parent_email"
                label={t("consent.parentEmail")}
                type="email"
                autoComplete="off"
              />
            </div>
          )}
        </>
      )}
      <div className="flex flex-wrap justify-between gap-3">
        <Button type="button" size="lg" variant="outline" onClick={onBack}>
          {t("consent.back")}
        </Button>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting || !data}>
          {form.formState.isSubmitting ? t("common.working") : t("auth.signup")}
        </Button>
      </div>
    </form>
  );
}
