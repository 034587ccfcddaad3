/** Why a learner under 16 cannot buy, take a test or record video yet (issue 24, item 1): the
 * server's message, where the request to the parent stands (sent, expired, withdrawn), "resend the
 * request" and "change the parent's e-mail". Shown above every app page while the gate refuses
 * for want of a parent's consent (the default layout renders it then only); the server decides
 * and counts the mails. */
import { MailWarning } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { TextField } from "@/components/person-fields";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { type ConsentState, useChangeParent, useResendParent } from "@/lib/api/consent";
import { formatDate, formatDateTime } from "@/lib/format";
import { applyServerErrors } from "@/lib/forms";
import { useLanguage, useT } from "@/lib/intl";

export function ConsentBanner({ state }: { state: ConsentState }) {
  const t = useT();
  const { locale } = useLanguage();
  const resend = useResendParent();
  const change = useChangeParent();
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const form = useForm<{ parent_email: string }>({ defaultValues: { parent_email: "" } });
  const request = state.request;

  const failed = (error: unknown) =>
    setNotice({ tone: "error", text: error instanceof ApiError ? error.message : t("common.unknownError") });

  async function onResend() {
    setNotice(null);
    try {
      await resend.mutateAsync();
      setNotice({ tone: "ok", text: t("learnerConsent.resent") });
    } catch (error) {
      failed(error);
    }
  }

  async function onChange(values: { parent_email: string }) {
    setNotice(null);
    try {
      await change.mutateAsync(values.parent_email.trim());
      setChanging(false);
      form.reset();
      setNotice({ tone: "ok", text: t("learnerConsent.resent") });
    } catch (error) {
      applyServerErrors(error, form.setError, ["parent_email"]);
      if (!(error instanceof ApiError && error.errors.parent_email)) failed(error);
    }
  }

  const where = !request
    ? null
    : request.status === "expired"
      ? t("learnerConsent.requestExpired", {
          email: request.parent_email,
          date: formatDate(request.expires_at, locale),
        })
      : request.status === "withdrawn"
        ? t("learnerConsent.requestWithdrawn", { email: request.parent_email })
        : t("learnerConsent.requestSent", {
            email: request.parent_email,
            date: formatDateTime(request.sent_at, locale),
          });

  return (
    <section
      aria-labelledby="consent-banner-title"
      className="mb-6 grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex items-start gap-3">
        <MailWarning className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
        <div className="grid gap-1">
          <h2 id="consent-banner-title" className="font-semibold">
            {t("learnerConsent.bannerTitle")}
          </h2>
          <p className="text-sm">{state.blocked?.message}</p>
          {where && <p className="text-sm">{where}</p>}
        </div>
      </div>
      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          className={`text-sm ${notice.tone === "error" ? "text-red-800" : "text-emerald-800"}`}
        >
          {notice.text}
        </p>
      )}
      {changing ? (
        <form noValidate onSubmit={form.handleSubmit(onChange)} className="grid gap-2 sm:max-w-md">
          <TextField
            form={form}
            name="parent_email"
            label={t("learnerConsent.newParentEmail")}
            type="email"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t("learnerConsent.sendRequest")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setChanging(false)}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {request && (
            <Button
              size="sm"
              disabled={resend.isPending || request.mails_left === 0}
              onClick={() => void onResend()}
            >
              {t("learnerConsent.resend")}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setChanging(true)}>
            {t("learnerConsent.changeParent")}
          </Button>
          {request && request.mails_left === 0 && (
            <span className="text-xs text-amber-900">{t("learnerConsent.noMailsLeft")}</span>
          )}
        </div>
      )}
    </section>
  );
}
