/** /organization/retention (issue 24, item 3): how long the organization keeps proctoring videos
 * after a result's release and its exports and imports. Organization admins change the periods
 * (the server checks the bounds and says why); other educators read them. The bounds, defaults
 * and the appeal window come from the server. Linked from /organization/settings. */
import { zodResolver } from "@hookform/resolvers/zod";
import { FileDown, Inbox, ScrollText } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";

import { QueryState } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { paths } from "@/config/paths";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { useDownload } from "@/lib/download";
import { formatDateTime } from "@/lib/format";
import { applyServerErrors } from "@/lib/forms";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { downloadRecord, type RecordFormat, type RecordLanguage } from "../api/download-record";
import { useRetention } from "../api/get-retention";
import type { Retention } from "../api/types";
import { useUpdateRetention } from "../api/update-retention";
import { SettingsPageHeader } from "../components/settings-page-header";

const FIELDS = ["video_keep_days", "file_keep_hours"] as const;

export default function RetentionRoute() {
  const t = useT();
  const isAdmin = !!useAuthorized().data?.user.is_admin;
  const retention = useRetention();
  return (
    <div className="grid max-w-3xl gap-6">
      <SettingsPageHeader
        title={t("privacy.retention.title")}
        intro={t("privacy.retention.intro")}
        introClassName=""
      />
      {!isAdmin && (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t("privacy.retention.readOnly")}
        </p>
      )}
      <QueryState query={retention} failed={t("privacy.retention.loadFailed")}>
        {(data) => <RetentionForm retention={data} canEdit={isAdmin} />}
      </QueryState>
      {isAdmin && (
        <div className="flex flex-wrap gap-3">
          <Link
            to={paths.accessLog}
            className="flex w-fit items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-blue-700 hover:bg-slate-50"
          >
            <ScrollText className="h-4 w-4" aria-hidden="true" /> {t("privacy.accessLog.title")}
          </Link>
          <Link
            to={paths.dataRequests}
            className="flex w-fit items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-blue-700 hover:bg-slate-50"
          >
            <Inbox className="h-4 w-4" aria-hidden="true" /> {t("privacy.requests.title")}
          </Link>
        </div>
      )}
      {isAdmin && <RecordSection />}
    </div>
  );
}

const RECORD_FILES: { format: RecordFormat; language: RecordLanguage }[] = [
  { format: "pdf", language: "vi" },
  { format: "xlsx", language: "vi" },
  { format: "pdf", language: "en" },
  { format: "xlsx", language: "en" },
];

/** Issue 37, item 7: the record of personal data processing (for the impact-assessment dossier),
 * as PDF or spreadsheet, in Vietnamese or English; the reader's language first. */
function RecordSection() {
  const t = useT();
  const { language: first } = useLanguage();
  const files = [...RECORD_FILES].sort((a, b) => Number(b.language === first) - Number(a.language === first));
  return (
    <section
      aria-labelledby="record-heading"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="record-heading" className="text-lg font-semibold">
        {t("privacy.record.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("privacy.record.intro")}</p>
      <div className="flex flex-wrap gap-2">
        {files.map((file) => (
          <RecordButton key={`${file.format}-${file.language}`} {...file} />
        ))}
      </div>
    </section>
  );
}

function RecordButton({ format, language }: { format: RecordFormat; language: RecordLanguage }) {
  const t = useT();
  const { downloading, download } = useDownload(
    () => downloadRecord(format, language),
    t("privacy.record.failed"),
  );
  return (
    <Button variant="outline" disabled={downloading} onClick={() => void download()}>
      <FileDown className="h-4 w-4" aria-hidden="true" />
      {t(format === "pdf" ? "privacy.record.pdf" : "privacy.record.xlsx", {
        language: t(language === "vi" ? "privacy.record.vietnamese" : "privacy.record.english"),
      })}
    </Button>
  );
}

function RetentionForm({ retention, canEdit }: { retention: Retention; canEdit: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const save = useUpdateRetention();
  const [failure, setFailure] = useState("");
  const r = retention;
  const whole = (min: number, max: number, below: string, above: string) =>
    z
      .string()
      .trim()
      .regex(/^\d+$/, t("privacy.retention.wholeNumber"))
      .refine((v) => Number(v) >= min, below)
      .refine((v) => Number(v) <= max, above);
  const schema = z.object({
    video_keep_days: whole(
      r.video_keep_days_min,
      r.video_keep_days_max,
      t("privacy.retention.videoTooShort", { min: r.video_keep_days_min }),
      t("privacy.retention.atMost", { max: r.video_keep_days_max }),
    ),
    file_keep_hours: whole(
      r.file_keep_hours_min,
      r.file_keep_hours_max,
      t("privacy.retention.atLeast", { min: r.file_keep_hours_min }),
      t("privacy.retention.atMost", { max: r.file_keep_hours_max }),
    ),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: { video_keep_days: String(r.video_keep_days), file_keep_hours: String(r.file_keep_hours) },
    resetOptions: { keepDirtyValues: true },
  });
  const errors = form.formState.errors;

  async function onSubmit(values: Values) {
    setFailure("");
    try {
      await save.mutateAsync({
        video_keep_days: Number(values.video_keep_days),
        file_keep_hours: Number(values.file_keep_hours),
      });
      toast({ variant: "success", title: t("privacy.retention.saved") });
    } catch (e) {
      setFailure(applyServerErrors(e, form.setError, FIELDS) || t("common.unknownError"));
    }
  }

  return (
    <section aria-labelledby="retention-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="retention-heading" className="mb-1 text-lg font-semibold">
        {t("privacy.retention.periods")}
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        {r.is_default || !r.updated_at
          ? t("privacy.retention.usingDefaults")
          : t("privacy.retention.savedBy", {
              name: r.updated_by_name || "—",
              date: formatDateTime(r.updated_at, locale),
            })}
      </p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
        {failure && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <fieldset disabled={!canEdit} className="grid gap-5">
          <Field
            label={t("privacy.retention.videoDays")}
            htmlFor="retention-video-days"
            hint={t("privacy.retention.videoHint", {
              min: r.video_keep_days_min,
              max: r.video_keep_days_max,
              appeal: r.appeal_window_days,
              default: r.video_keep_days_default,
            })}
            error={errors.video_keep_days?.message}
          >
            <div className="flex items-center gap-2">
              <Input
                id="retention-video-days"
                type="number"
                inputMode="numeric"
                min={r.video_keep_days_min}
                max={r.video_keep_days_max}
                className="max-w-[7rem]"
                aria-invalid={!!errors.video_keep_days}
                aria-describedby="retention-video-unit"
                {...form.register("video_keep_days")}
              />
              <span id="retention-video-unit" className="text-sm text-slate-600">
                {t("privacy.retention.daysAfterRelease")}
              </span>
            </div>
          </Field>
          <Field
            label={t("privacy.retention.fileHours")}
            htmlFor="retention-file-hours"
            hint={t("privacy.retention.fileHint", {
              min: r.file_keep_hours_min,
              max: r.file_keep_hours_max,
              default: r.file_keep_hours_default,
            })}
            error={errors.file_keep_hours?.message}
          >
            <div className="flex items-center gap-2">
              <Input
                id="retention-file-hours"
                type="number"
                inputMode="numeric"
                min={r.file_keep_hours_min}
                max={r.file_keep_hours_max}
                className="max-w-[7rem]"
                aria-invalid={!!errors.file_keep_hours}
                aria-describedby="retention-file-unit"
                {...form.register("file_keep_hours")}
              />
              <span id="retention-file-unit" className="text-sm text-slate-600">
                {t("privacy.retention.hours")}
              </span>
            </div>
          </Field>
        </fieldset>
        <p className="text-xs text-slate-500">{t("privacy.retention.sweepNote")}</p>
        {canEdit && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t("common.working") : t("common.save")}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
