/** /parental-consent/:token (issue 24, item 1): the page a parent or guardian opens from the mail.
 * It names the learner, shows the terms and the privacy notice in force (their text, version and
 * date), and asks for consent; once given, the same link shows when and lets the parent withdraw.
 * An expired link says to ask the learner to send it again. Below, the child's data: a copy and
 * the account's deletion (issue 24, item 5). A parent who consented to an earlier version of the
 * notices is asked again (decision 0048): the page says what they consented to and when. The
 * mail's `?lang=` opens the page in the learner's language. The server decides every state. */
import { useEffect, useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { Link, useParams, useSearchParams } from "react-router-dom";

import { NoticeConsentField } from "@/components/notice-consent";
import { NOTICE_SECTIONS, NoticeSections, sectionsOf } from "@/components/notice-text";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/forms";
import { formatDate, formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import {
  type ParentLink,
  useParentConsent,
  useParentLink,
  useParentWithdraw,
  useRefreshParentLink,
} from "../api/parent-link";
import { ChildDataSection } from "../components/child-data-section";

export default function ParentalConsentRoute() {
  const t = useT();
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const { language, setLanguage } = useLanguage();
  const link = useParentLink(token);
  const wanted = params.get("lang");
  useEffect(() => {
    if ((wanted === "vi" || wanted === "en") && wanted !== language) setLanguage(wanted);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, from the mailed link
  }, [wanted]);

  if (link.isPending) return <p role="status">{t("common.loading")}</p>;
  if (link.isError || !link.data) {
    const message = link.error instanceof ApiError ? link.error.message : t("parentConsent.linkInvalid");
    return (
      <div className="grid max-w-2xl gap-4">
        <h1 className="text-2xl font-semibold">{t("page.parentalConsent")}</h1>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
        <Link to="/" className="text-blue-700 hover:underline">
          {t("common.home")}
        </Link>
      </div>
    );
  }
  const data = link.data;
  return (
    <article className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {t("parentConsent.title", { name: data.learner_name })}
        </h1>
        <p className="text-slate-700">
          {t("parentConsent.intro", { name: data.learner_name, email: data.learner_email })}
        </p>
      </div>
      <Decision token={token} data={data} />
      <ChildDataSection token={token} name={data.learner_name} />
      <NoticeText data={data} />
    </article>
  );
}

function Decision({ token, data }: { token: string; data: ParentLink }) {
  const t = useT();
  const { locale } = useLanguage();
  const give = useParentConsent(token);
  const withdraw = useParentWithdraw(token);
  const refresh = useRefreshParentLink(token);
  const [confirm, setConfirm] = useState(false);
  const [failure, setFailure] = useState("");
  const form = useForm<Answer>({ defaultValues: { accept: false, relationship: "", child_birth_date: "" } });
  const name = data.learner_name;

  async function onConsent(values: Answer) {
    setFailure("");
    if (!values.accept) {
      form.setError("accept", { message: t("consent.acceptRequired") });
      return;
    }
    try {
      await give.mutateAsync({
        terms_version: data.notices.terms?.version ?? "",
        privacy_version: data.notices.privacy?.version ?? "",
        relationship: values.relationship,
        child_birth_date: values.child_birth_date.trim(),
      });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ANSWER_FIELDS);
      setFailure(message || t("common.unknownError"));
      // a date of birth that did not match stopped the link: show its new state (issue 37, item 5)
      if (error instanceof ApiError && error.code === "birth_date_mismatch") void refresh();
    }
  }

  const box = "grid gap-4 rounded-2xl border p-5";
  if (data.status === "consented" && data.consent) {
    return (
      <section aria-labelledby="decision-title" className={`${box} border-emerald-200 bg-emerald-50`}>
        <h2 id="decision-title" className="text-lg font-semibold text-emerald-900">
          {t("parentConsent.givenTitle")}
        </h2>
        <p role="status" className="text-sm text-emerald-900">
          {t("parentConsent.given", { name, date: formatDateTime(data.consent.given_at, locale) })}
        </p>
        <p className="text-sm text-slate-700">{t("parentConsent.withdrawHelp", { name })}</p>
        <div>
          <Button variant="destructive" onClick={() => setConfirm(true)}>
            {t("parentConsent.withdraw")}
          </Button>
        </div>
        <ConfirmDialog
          open={confirm}
          onCancel={() => setConfirm(false)}
          onConfirm={() =>
            withdraw.mutate(undefined, {
              onSuccess: () => setConfirm(false),
              onError: (error) =>
                setFailure(error instanceof ApiError ? error.message : t("common.unknownError")),
            })
          }
          busy={withdraw.isPending}
          error={failure}
          title={t("parentConsent.withdrawTitle", { name })}
          description={t("parentConsent.withdrawHelp", { name })}
          confirmLabel={t("parentConsent.withdraw")}
          cancelLabel={t("common.cancel")}
          closeLabel={t("common.close")}
        />
      </section>
    );
  }
  if (data.status === "withdrawn") {
    return (
      <section aria-labelledby="decision-title" className={`${box} border-slate-200 bg-slate-50`}>
        <h2 id="decision-title" className="text-lg font-semibold">
          {t("parentConsent.withdrawnTitle")}
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {t("parentConsent.withdrawn", {
            name,
            date: data.withdrawn_at ? formatDateTime(data.withdrawn_at, locale) : "",
          })}
        </p>
      </section>
    );
  }
  if (data.status === "mismatch") {
    return (
      <section aria-labelledby="decision-title" className={`${box} border-red-200 bg-red-50`}>
        <h2 id="decision-title" className="text-lg font-semibold text-red-900">
          {t("parentConsent.mismatchTitle")}
        </h2>
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-900">
            {failure}
          </p>
        )}
        <p role="status" className="text-sm text-red-900">
          {t("parentConsent.mismatch", { name })}
        </p>
      </section>
    );
  }
  if (data.status === "expired") {
    return (
      <section aria-labelledby="decision-title" className={`${box} border-amber-200 bg-amber-50`}>
        <h2 id="decision-title" className="text-lg font-semibold">
          {t("parentConsent.linkExpiredTitle")}
        </h2>
        <p role="status" className="text-sm text-amber-950">
          {t("parentConsent.linkExpired", { name, date: formatDate(data.expires_at, locale) })}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="decision-title" className={`${box} border-blue-200 bg-white`}>
      <h2 id="decision-title" className="text-lg font-semibold">
        {t("parentConsent.decideTitle")}
      </h2>
      {data.earlier_consent && (
        <div
          role="note"
          aria-labelledby="renewal-title"
          className="grid gap-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p id="renewal-title" className="font-semibold">
            {t("parentConsent.renewalTitle")}
          </p>
          <p>
            {t("parentConsent.renewal", {
              name,
              terms: data.earlier_consent.terms_version,
              privacy: data.earlier_consent.privacy_version,
              date: formatDateTime(data.earlier_consent.given_at, locale),
            })}
          </p>
        </div>
      )}
      <form noValidate onSubmit={form.handleSubmit(onConsent)} className="grid gap-4">
        {failure && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {failure}
          </p>
        )}
        <ParentAnswerFields form={form} name={name} />
        <NoticeConsentField
          id="parent-accept"
          notices={data.notices}
          label={t("parentConsent.acceptLabel", {
            name,
            terms: data.notices.terms?.version ?? "",
            privacy: data.notices.privacy?.version ?? "",
          })}
          error={form.formState.errors.accept?.message}
          inputProps={form.register("accept")}
        />
        <p className="text-sm text-slate-600">
          {t("parentConsent.linkUntil", { date: formatDate(data.expires_at, locale) })}
        </p>
        <div>
          <Button type="submit" size="lg" disabled={give.isPending}>
            {give.isPending ? t("common.working") : t("parentConsent.consent")}
          </Button>
        </div>
      </form>
    </section>
  );
}

interface Answer {
  accept: boolean;
  relationship: string;
  child_birth_date: string;
}
const ANSWER_FIELDS = ["relationship", "child_birth_date"] as const;

/** What the parent confirms before consenting (issue 37, item 5): that they are the parent or the
 * legal guardian, and the child's date of birth, which the server compares with the learner's. */
function ParentAnswerFields({ form, name }: { form: UseFormReturn<Answer>; name: string }) {
  const t = useT();
  const errors = form.formState.errors;
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {t("parentConsent.confirmTitle", { name })}
      </legend>
      <div role="radiogroup" aria-labelledby="relationship-label" className="grid gap-2">
        <span id="relationship-label" className="text-sm font-medium text-slate-700">
          {t("parentConsent.relationship", { name })}
        </span>
        <div className="flex flex-wrap gap-4">
          {(["parent", "guardian"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={value}
                className="h-4 w-4 accent-blue-700"
                aria-describedby={errors.relationship ? "relationship-error" : undefined}
                {...form.register("relationship")}
              />
              {t(
                value === "parent"
                  ? "parentConsent.relationshipParent"
                  : "parentConsent.relationshipGuardian",
              )}
            </label>
          ))}
        </div>
        {errors.relationship?.message && (
          <p id="relationship-error" role="alert" className="text-xs text-red-600">
            {errors.relationship.message}
          </p>
        )}
      </div>
      <Field
        label={t("parentConsent.childBirthDate", { name })}
        htmlFor="child_birth_date"
        hint={t("parentConsent.childBirthDateHint", { name })}
        error={errors.child_birth_date?.message}
      >
        <Input
          id="child_birth_date"
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
          autoComplete="off"
          aria-invalid={errors.child_birth_date ? true : undefined}
          className="max-w-[12rem]"
          {...form.register("child_birth_date")}
        />
      </Field>
    </fieldset>
  );
}

/** The two notices' text, each behind its own disclosure (keyboard and screen readers: details). */
function NoticeText({ data }: { data: ParentLink }) {
  const t = useT();
  const { locale } = useLanguage();
  const parts = [
    { kind: "terms", title: "page.terms", notice: data.notices.terms },
    { kind: "privacy", title: "page.privacy", notice: data.notices.privacy },
  ] as const;
  return (
    <div className="grid gap-3">
      {parts.map(({ kind, title, notice }) => (
        <details key={kind} className="rounded-xl border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold text-slate-900">
            {t(title)}
            {notice && (
              <span className="ml-2 text-sm font-normal text-slate-600">
                {t("consent.versionInForce", {
                  version: notice.version,
                  date: formatDate(notice.effective_on, locale),
                })}
              </span>
            )}
          </summary>
          <div className="mt-4 grid gap-4">
            <p className="text-slate-700">{t(`${kind}.intro`)}</p>
            <NoticeSections sections={sectionsOf(kind, NOTICE_SECTIONS[kind])} level={3} />
          </div>
        </details>
      ))}
    </div>
  );
}
