/** The full report (spec §7 checkout-analytic): what it adds, its price, and the way to get it:
 * checkout (a PENDING transaction with the survey-report add-on), pay, then download the PDF. */
import { useQueryClient } from "@tanstack/react-query";
import { Download, FileText, Lock } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-client";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useCheckoutAnalytic } from "../api/checkout-analytic";
import { surveyUserKeys } from "../api/keys";
import { usePayTransaction } from "../api/pay-transaction";
import { downloadReportPdf } from "../api/report-pdf";
import type { CheckoutAnalytic, SurveyUser } from "../api/types";

export function ReportUnlock({ survey, canBuy }: { survey: SurveyUser; canBuy: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const checkout = useCheckoutAnalytic();
  const pay = usePayTransaction();
  const [pending, setPending] = useState<CheckoutAnalytic["transaction"]>(null);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState("");

  async function download() {
    setDownloading(true);
    try {
      await downloadReportPdf(survey.id);
    } catch {
      // the API client has shown the failure
    } finally {
      setDownloading(false);
    }
  }

  if (survey.report_unlocked) {
    return (
      <section
        className="grid gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5"
        aria-labelledby="report-title"
      >
        <h2 id="report-title" className="flex items-center gap-2 text-lg font-semibold text-emerald-900">
          <FileText className="h-5 w-5" aria-hidden="true" />
          {t("surveys.report.title")}
        </h2>
        <p className="text-sm text-emerald-900">{t("surveys.report.unlocked")}</p>
        <Button className="w-fit" onClick={() => void download()} disabled={downloading}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {downloading ? t("surveys.report.downloading") : t("surveys.report.download")}
        </Button>
      </section>
    );
  }
  if (survey.report_price === null || survey.report_price === undefined || !canBuy) {
    return null;
  }
  const price = survey.report_price;
  return (
    <section
      className="grid gap-3 rounded-2xl border border-blue-200 bg-blue-50 p-5"
      aria-labelledby="report-title"
    >
      <h2 id="report-title" className="flex items-center gap-2 text-lg font-semibold text-blue-950">
        <Lock className="h-5 w-5" aria-hidden="true" />
        {t("surveys.report.title")}
      </h2>
      <p className="text-sm text-blue-950">{t("surveys.report.pitch")}</p>
      <ul className="list-disc pl-5 text-sm text-blue-950">
        <li>{t("surveys.report.item.groups")}</li>
        <li>{t("surveys.report.item.combinations")}</li>
        <li>{t("surveys.report.item.indices")}</li>
        <li>{t("surveys.report.item.answers")}</li>
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={checkout.isPending}
          onClick={() =>
            checkout.mutate(survey.id, {
              onSuccess: (data) => {
                if (data.report_unlocked) {
                  void queryClient.invalidateQueries({ queryKey: surveyUserKeys.all });
                } else {
                  setError("");
                  setPending(data.transaction);
                }
              },
            })
          }
        >
          {price === 0
            ? t("surveys.report.unlockFree")
            : t("surveys.report.unlock", { price: formatVnd(price, locale) })}
        </Button>
      </div>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("surveys.report.payTitle")}
        description={t("surveys.report.payBody")}
        closeLabel={t("common.close")}
      >
        {pending && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">{t("surveys.report.transaction")}</dt>
            <dd>#{pending.id}</dd>
            <dt className="text-slate-500">{t("surveys.report.amount")}</dt>
            <dd className="font-semibold">{formatVnd(pending.amount, locale)}</dd>
            <dt className="text-slate-500">{t("surveys.report.expires")}</dt>
            <dd>{formatDateTime(pending.expires_at, locale)}</dd>
          </dl>
        )}
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {pending && (
            <Link
              to={`/marketplace/transactions/${pending.id}`}
              className="inline-flex h-10 items-center rounded-lg px-3 text-sm text-blue-700 hover:underline"
            >
              {t("surveys.report.payLater")}
            </Link>
          )}
          <Button
            disabled={pay.isPending || !pending}
            onClick={() =>
              pending &&
              pay.mutate(pending.id, {
                onSuccess: () => {
                  setPending(null);
                  toast({
                    variant: "success",
                    title: t("surveys.report.paidTitle"),
                    description: t("surveys.report.paidBody"),
                  });
                },
                onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
              })
            }
          >
            {pay.isPending ? t("surveys.report.paying") : t("surveys.report.payNow")}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
