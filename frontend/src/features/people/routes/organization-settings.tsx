/** /organization/settings: display name, logo (checked by content on the server), contact e-mail,
 * default language, the survey-management status the SuperAdmin sets (read-only), and links to
 * the retention periods and (admins) the access log (issue 24). Organization admins change them;
 * other educators see them. */
import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, Clock, ImageUp, Inbox, ScrollText } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useOrganizationSettings } from "../api/get-settings";
import { useRemoveLogo } from "../api/remove-logo";
import type { OrganizationSettings } from "../api/types";
import { useUpdateSettings } from "../api/update-settings";
import { useUploadLogo } from "../api/upload-logo";
import { Badge } from "@/components/ui/badge";
import { FilePicker } from "@/components/file-picker";
import { isEmail } from "../components/parse-emails";

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export default function OrganizationSettingsRoute() {
  const t = useT();
  const isAdmin = !!useAuthorized().data?.user.is_admin;
  const settings = useOrganizationSettings();

  if (settings.isPending) return <p role="status">{t("common.loading")}</p>;
  if (settings.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        {t("people.loadFailed")}
        <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
          {t("people.retry")}
        </Button>
      </div>
    );
  const data = settings.data;
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("people.settings.title")}</h1>
        <p className="text-sm text-slate-600">{t("people.settings.registeredName", { name: data.name })}</p>
      </div>
      {!isAdmin && (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t("people.settings.readOnly")}
        </p>
      )}
      <LogoSection settings={data} canEdit={isAdmin} />
      <DetailsSection settings={data} canEdit={isAdmin} />
      <section
        aria-labelledby="survey-management"
        className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="survey-management" className="text-lg font-semibold">
          {t("people.settings.survey")}
        </h2>
        <div>
          <Badge tone={data.survey_management_allowed ? "green" : "slate"}>
            {t(
              data.survey_management_allowed
                ? "people.settings.surveyAllowed"
                : "people.settings.surveyNotAllowed",
            )}
          </Badge>
        </div>
        <p className="text-sm text-slate-600">{t("people.settings.surveyHint")}</p>
      </section>
      <section
        aria-labelledby="privacy-heading"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="privacy-heading" className="text-lg font-semibold">
          {t("people.settings.privacy")}
        </h2>
        <p className="text-sm text-slate-600">{t("people.settings.privacyHint")}</p>
        <ul className="grid gap-2 text-sm">
          <li>
            <Link
              to={paths.retention}
              className="inline-flex items-center gap-2 font-medium text-blue-700 hover:underline"
            >
              <Clock className="h-4 w-4" aria-hidden="true" /> {t("privacy.retention.title")}
            </Link>
          </li>
          {isAdmin && (
            <li>
              <Link
                to={paths.accessLog}
                className="inline-flex items-center gap-2 font-medium text-blue-700 hover:underline"
              >
                <ScrollText className="h-4 w-4" aria-hidden="true" /> {t("privacy.accessLog.title")}
              </Link>
            </li>
          )}
          {isAdmin && (
            <li>
              <Link
                to={paths.dataRequests}
                className="inline-flex items-center gap-2 font-medium text-blue-700 hover:underline"
              >
                <Inbox className="h-4 w-4" aria-hidden="true" /> {t("privacy.requests.title")}
              </Link>
            </li>
          )}
        </ul>
      </section>
    </div>
  );
}

function LogoSection({ settings, canEdit }: { settings: OrganizationSettings; canEdit: boolean }) {
  const t = useT();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeError, setRemoveError] = useState("");

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File | null) {
    setError("");
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    if (chosen.size > LOGO_MAX_BYTES) {
      setError(t("people.settings.logoTooLarge"));
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  async function onUpload() {
    if (!file) return;
    setError("");
    try {
      await upload.mutateAsync(file);
      setFile(null);
      setPreview(null);
      toast({ variant: "success", title: t("people.settings.logoSaved") });
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors.file?.[0] ?? e.message) : t("common.unknownError"));
    }
  }

  async function onRemove() {
    setRemoveError("");
    try {
      await remove.mutateAsync();
      setConfirmRemove(false);
      toast({ variant: "success", title: t("people.settings.logoRemoved") });
    } catch (e) {
      setRemoveError(e instanceof ApiError ? e.message : t("common.unknownError"));
    }
  }

  const shown = preview ?? settings.logo;
  return (
    <section
      aria-labelledby="logo-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="logo-heading" className="text-lg font-semibold">
        {t("people.settings.logo")}
      </h2>
      <div className="flex flex-wrap items-start gap-5">
        <div className="flex h-28 w-28 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {shown ? (
            <img
              src={shown}
              alt={preview ? t("people.settings.logoPreview") : t("people.settings.logoCurrent")}
              className="h-full w-full object-contain"
            />
          ) : (
            <Building2 className="h-10 w-10 text-slate-400" aria-label={t("people.settings.noLogo")} />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-3">
          {canEdit ? (
            <>
              <FilePicker
                label={t("people.settings.chooseLogo")}
                hint={t("people.settings.logoHint")}
                accept="image/png,image/jpeg,image/webp"
                fileName={file?.name ?? null}
                invalid={!!error}
                onChoose={choose}
              />
              {error && (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button disabled={!file || upload.isPending} onClick={() => void onUpload()}>
                  <ImageUp className="h-4 w-4" aria-hidden="true" />
                  {upload.isPending ? t("common.working") : t("people.settings.uploadLogo")}
                </Button>
                {settings.logo && !preview && (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setRemoveError("");
                      setConfirmRemove(true);
                    }}
                  >
                    {t("people.settings.removeLogo")}
                  </Button>
                )}
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">
              {settings.logo ? t("people.settings.logoShown") : t("people.settings.noLogo")}
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => void onRemove()}
        busy={remove.isPending}
        error={removeError}
        title={t("people.settings.removeLogoTitle")}
        description={t("people.settings.removeLogoBody")}
        confirmLabel={t("people.settings.removeLogo")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </section>
  );
}

function DetailsSection({ settings, canEdit }: { settings: OrganizationSettings; canEdit: boolean }) {
  const t = useT();
  const save = useUpdateSettings();
  const [failure, setFailure] = useState("");
  const schema = z.object({
    display_name: z.string().max(200, t("people.settings.nameLength")),
    contact_email: z
      .string()
      .trim()
      .refine((v) => v === "" || isEmail(v), t("validation.email")),
    default_language: z.enum(["vi", "en"]),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      display_name: settings.display_name,
      contact_email: settings.contact_email,
      default_language: settings.default_language === "en" ? "en" : "vi",
    },
    resetOptions: { keepDirtyValues: true },
  });
  const errors = form.formState.errors;

  async function onSubmit(values: Values) {
    setFailure("");
    try {
      await save.mutateAsync({ ...values, display_name: values.display_name.trim() });
      toast({ variant: "success", title: t("people.settings.saved") });
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setFailure(t("common.unknownError"));
        return;
      }
      for (const field of ["display_name", "contact_email", "default_language"] as const) {
        const message = e.errors[field]?.[0];
        if (message) form.setError(field, { message });
      }
      setFailure(e.message);
    }
  }

  return (
    <section aria-labelledby="details-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="details-heading" className="mb-4 text-lg font-semibold">
        {t("people.settings.details")}
      </h2>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        {failure && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <fieldset disabled={!canEdit} className="grid gap-4">
          <Field
            label={t("people.settings.displayName")}
            htmlFor="org-display-name"
            hint={t("people.settings.displayNameHint", { name: settings.name })}
            error={errors.display_name?.message}
          >
            <Input
              id="org-display-name"
              aria-invalid={!!errors.display_name}
              placeholder={settings.name}
              {...form.register("display_name")}
            />
          </Field>
          <Field
            label={t("people.settings.contactEmail")}
            htmlFor="org-contact-email"
            error={errors.contact_email?.message}
          >
            <Input
              id="org-contact-email"
              type="email"
              autoComplete="email"
              aria-invalid={!!errors.contact_email}
              {...form.register("contact_email")}
            />
          </Field>
          <Field
            label={t("people.settings.language")}
            htmlFor="org-language"
            hint={t("people.settings.languageHint")}
            error={errors.default_language?.message}
          >
            <Select id="org-language" className="sm:max-w-xs" {...form.register("default_language")}>
              <option value="vi">{t("people.settings.languageVi")}</option>
              <option value="en">{t("people.settings.languageEn")}</option>
            </Select>
          </Field>
        </fieldset>
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
