/** /birth-date-confirm/:token (issue 37, item 5): the page a parent or guardian opens from the mail
 * that asks them to confirm a learner's change of date of birth across 16. It names the learner,
 * the date kept until then and the date asked for, and confirms or refuses it; once decided, the
 * same link says how. The mail's `?lang=` opens the page in the language the change was asked in.
 * The server decides every state. */
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { type BirthDateLink, useBirthDateDecision, useBirthDateLink } from "../api/birth-date-link";

export default function BirthDateConfirmRoute() {
  const t = useT();
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const { language, setLanguage } = useLanguage();
  const link = useBirthDateLink(token);
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
        <h1 className="text-2xl font-semibold">{t("parentConsent.birthDate.page")}</h1>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
        <Link to="/" className="text-blue-700 hover:underline">
          {t("common.home")}
        </Link>
      </div>
    );
  }
  return <Decision token={token} data={link.data} />;
}

function Decision({ token, data }: { token: string; data: BirthDateLink }) {
  const t = useT();
  const { locale } = useLanguage();
  const decide = useBirthDateDecision(token);
  const [failure, setFailure] = useState("");
  const { change } = data;
  const name = data.learner_name;

  function answer(confirm: boolean) {
    setFailure("");
    decide.mutate(confirm, {
      onError: (error) => setFailure(error instanceof ApiError ? error.message : t("common.unknownError")),
    });
  }

  return (
    <article className="grid max-w-2xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {t("parentConsent.birthDate.title", { name })}
        </h1>
        <p className="text-slate-700">
          {t("parentConsent.birthDate.intro", { name, email: data.learner_email })}
        </p>
      </div>
      <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-[14rem_1fr]">
        <dt className="font-medium text-slate-700">{t("parentConsent.birthDate.previous")}</dt>
        <dd className="text-base font-semibold">{change.previous || "—"}</dd>
        <dt className="font-medium text-slate-700">{t("parentConsent.birthDate.requested")}</dt>
        <dd className="text-base font-semibold">{change.requested}</dd>
        <dt className="font-medium text-slate-700">{t("parentConsent.birthDate.askedAt")}</dt>
        <dd>{formatDateTime(change.requested_at, locale)}</dd>
      </dl>
      {failure && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {change.status === "pending" ? (
        <section
          aria-labelledby="decide-title"
          className="grid gap-4 rounded-2xl border border-blue-200 bg-white p-5"
        >
          <h2 id="decide-title" className="text-lg font-semibold">
            {t("parentConsent.decideTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("parentConsent.birthDate.help", { name })}</p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" disabled={decide.isPending} onClick={() => answer(true)}>
              {t("parentConsent.birthDate.confirm")}
            </Button>
            <Button size="lg" variant="outline" disabled={decide.isPending} onClick={() => answer(false)}>
              {t("parentConsent.birthDate.refuse")}
            </Button>
          </div>
        </section>
      ) : (
        <p
          role="status"
          className={
            change.status === "confirmed"
              ? "rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-sm text-emerald-900"
              : "rounded-2xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-800"
          }
        >
          {t(
            change.status === "confirmed"
              ? "parentConsent.birthDate.confirmed"
              : "parentConsent.birthDate.refused",
            { name, date: change.decided_at ? formatDateTime(change.decided_at, locale) : "" },
          )}
        </p>
      )}
    </article>
  );
}
