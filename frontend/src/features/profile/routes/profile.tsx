import { ImageUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";

import { useLangAttr } from "@/components/lang";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { GenderSelect, ProvinceSelect, TextField } from "@/components/person-fields";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { type ConsentState, useConsentState } from "@/lib/api/consent";
import { useAuthorized } from "@/lib/auth/get-authorized";
import type { CurrentUser } from "@/lib/auth/types";
import { formatDateTime } from "@/lib/format";
import { applyServerErrors } from "@/lib/forms";
import { useLanguage, useT } from "@/lib/intl";
import { useProvinces } from "@/lib/provinces";
import { toast } from "@/lib/toast-store";

import { useRemovePhoto } from "../api/remove-photo";
import { useUpdateGrade } from "../api/update-grade";
import { useUpdateProfile, type ProfileInput } from "../api/update-profile";
import { useUploadPhoto } from "../api/upload-photo";
import { ConsentSection } from "../components/consent-section";
import { PersonalDataSection } from "../components/personal-data-section";

const TEXT_FIELDS = [
  "name",
  "alternate_email",
  "level",
  "class_name",
  "school_name",
  "district_text",
  "curriculum",
  "phone",
  "date_of_birth",
  "job_title",
] as const;
const FIELDS = [...TEXT_FIELDS, "gender", "province_code", "grade", "parent_email"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The form's values for the saved profile `user`. */
function savedValues(user: CurrentUser): Values {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, (user[f] as string | null) ?? ""])),
    gender: user.gender || NONE,
    province_code: user.province_code || NONE,
    grade: user.grade ? String(user.grade) : NONE,
    parent_email: "",
  } as Values;
}

export default function ProfileRoute() {
  const t = useT();
  const { data } = useAuthorized();
  // The person's photo name and the organization's name are Vietnamese content: lang="vi" on
  // English pages (what the user types in the form's fields stays in the page's language).
  const contentLang = useLangAttr();
  const provinces = useProvinces();
  const updateProfile = useUpdateProfile();
  const updateGrade = useUpdateGrade();
  const uploadPhoto = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // who confirms a change of date of birth across 16, asked by the server when it knows no parent
  const [askParent, setAskParent] = useState(false);
  const form = useForm<Values>();
  const user = data?.user;
  const consent = useConsentState(!!user && user.pandai_profile_role !== "EDUCATOR");

  // Fill the form once the province options exist, and again only when the saved profile changes
  // (not on every refetch of the session, which would wipe what the user is typing), but not in
  // the middle of this form's own save: the profile's answer comes before the grade's, and would
  // put the old grade back until the next change of the session (issue 38). The save fills the
  // form from its last answer itself.
  const savedVersion = user && !provinces.isPending ? `${user.pandai_profile_id}:${user.updatedAt}` : null;
  const saving = useRef(false);
  useEffect(() => {
    if (!user || !savedVersion || saving.current) return;
    form.reset(savedValues(user));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the saved version on purpose
  }, [savedVersion, form]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  if (!user || !savedVersion) return <p role="status">{t("common.loading")}</p>;
  const educator = user.pandai_profile_role === "EDUCATOR";

  async function onSubmit(values: Values) {
    const body: ProfileInput = Object.fromEntries(TEXT_FIELDS.map((f) => [f, values[f]]));
    if (values.gender !== NONE) body.gender = values.gender;
    if (values.province_code !== NONE) body.province_code = values.province_code;
    if (!body.date_of_birth) delete body.date_of_birth;
    if (askParent && values.parent_email) body.parent_email = values.parent_email.trim();
    saving.current = true;
    try {
      let saved = await updateProfile.mutateAsync(body);
      // a date of birth held for confirmation (issue 37, item 5): saved, but not that date yet
      const held = !!body.date_of_birth && body.date_of_birth !== saved.date_of_birth;
      // The grade has its own endpoint (the marketplace needs it set, spec §5).
      const grade = values.grade === NONE ? null : Number(values.grade);
      if (grade !== null && grade !== saved.grade) saved = await updateGrade.mutateAsync(grade);
      form.reset(savedValues(saved));
      setAskParent(false);
      toast({ variant: "success", title: t(held ? "profile.birthDate.savedHeld" : "profile.saved") });
    } catch (error) {
      if (error instanceof ApiError && error.errors.parent_email) setAskParent(true);
      const message = applyServerErrors(error, form.setError, FIELDS);
      if (message) toast({ variant: "destructive", title: t("profile.updateFailed"), description: message });
    } finally {
      saving.current = false;
    }
  }

  async function onUpload() {
    if (!file) return;
    try {
      await uploadPhoto.mutateAsync(file);
      setFile(null);
      setPreview(null);
      toast({ variant: "success", title: t("profile.photoSaved") });
    } catch {
      /* the API client has shown the error */
    }
  }

  const errors = form.formState.errors;
  const text = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => <TextField {...props} form={form} name={name} label={label} />;

  return (
    <div className="grid max-w-4xl gap-8">
      <h1 className="text-2xl font-semibold">{t("page.profile")}</h1>
      <section className="flex flex-wrap items-center gap-6 rounded-2xl border border-slate-200 bg-white p-5">
        <span {...contentLang} className="flex shrink-0">
          <Avatar name={user.name} src={preview ?? user.profileImage} size="lg" />
        </span>
        <div className="grid gap-3">
          <p className="text-sm text-slate-600">{t("profile.photoHint")}</p>
          {/* The native file control speaks the browser's language: it stays for screen readers and
              keyboards (visually hidden) behind a label styled as a button in ours. */}
          <input
            id="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="peer sr-only"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setPreview(chosen ? URL.createObjectURL(chosen) : null);
            }}
          />
          <label
            htmlFor="photo"
            className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-blue-600"
          >
            <ImageUp className="h-4 w-4" aria-hidden="true" />
            {t("profile.choosePhoto")}
          </label>
          <p className="text-xs text-slate-500" aria-live="polite">
            {file ? file.name : t("profile.noPhotoChosen")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={!file} onClick={onUpload}>
              {t("profile.uploadPhoto")}
            </Button>
            {user.profileImage && (
              <Button size="sm" variant="outline" onClick={() => setConfirmRemove(true)}>
                {t("profile.removePhoto")}
              </Button>
            )}
          </div>
        </div>
      </section>
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", t("field.name"))}
          <Field label={t("field.email")} htmlFor="email">
            <Input id="email" value={user.email} readOnly disabled />
          </Field>
          {text("alternate_email", t("field.alternateEmail"), { type: "email" })}
          {text("phone", t("field.phone"), { type: "tel" })}
          {!educator && (
            <Field label={t("field.grade")} htmlFor="grade" error={errors.grade?.message}>
              <Select id="grade" {...form.register("grade")}>
                <option value={NONE} disabled>
                  {t("common.choose")}
                </option>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((g) => (
                  <option key={g} value={String(g)}>
                    {t("profile.gradeOption", { grade: g })}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {!educator && text("level", t("field.level"))}
          {!educator && text("class_name", t("field.className"))}
          {!educator && text("school_name", t("field.schoolName"))}
          {educator && text("job_title", t("field.jobTitle"))}
          <GenderSelect form={form} name="gender" label={t("field.gender")} />
          {text("date_of_birth", t("field.dateOfBirth"), { placeholder: "dd/mm/yyyy" })}
          {askParent && (
            <TextField
              form={form}
              name="parent_email"
              type="email"
              label={t("profile.birthDate.parentEmail")}
              autoComplete="off"
            />
          )}
          {consent.data?.birth_date_change && <BirthDateChangeNote change={consent.data.birth_date_change} />}
          <ProvinceSelect form={form} name="province_code" label={t("field.province")} />
          {text("district_text", t("field.district"))}
          {!educator && text("curriculum", t("field.curriculum"))}
          {user.cccd && (
            <Field label={t("field.cccd")} htmlFor="cccd">
              {/* The owner's own number, in full (issue 24, item 6); others see it masked. */}
              <Input id="cccd" value={user.cccd} readOnly disabled />
            </Field>
          )}
          <Field label={t("field.organization")} htmlFor="organization">
            <Input
              id="organization"
              {...(user.organization ? contentLang : {})}
              value={user.organization?.name ?? t("role.publicLearner")}
              readOnly
              disabled
            />
          </Field>
          <Field label={t("field.role")} htmlFor="role">
            <Input id="role" value={t(educator ? "role.educator" : "role.learner")} readOnly disabled />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t("common.save")}
          </Button>
        </div>
      </form>
      <ConsentSection />
      <PersonalDataSection />
      <Dialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t("profile.removePhotoTitle")}
        description={t("profile.removePhotoBody")}
        closeLabel={t("common.close")}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmRemove(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="destructive"
            onClick={async () => {
              setConfirmRemove(false);
              await removePhoto.mutateAsync().catch(() => undefined); // the client has toasted
            }}
          >
            {t("profile.removePhoto")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** A change of date of birth across 16 held for confirmation, or refused (issue 37, item 5): the
 * date kept until then, the date asked for and who confirms it (the organization, or the parent's
 * address). */
function BirthDateChangeNote({ change }: { change: NonNullable<ConsentState["birth_date_change"]> }) {
  const t = useT();
  const { locale } = useLanguage();
  const by = t(change.confirmer === "admin" ? "profile.birthDate.byAdmin" : "profile.birthDate.byParent", {
    name: change.confirmer_name,
  });
  const pending = change.status === "pending";
  return (
    <p
      role="status"
      className={
        pending
          ? "rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2"
          : "rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 sm:col-span-2"
      }
    >
      {pending
        ? t("profile.birthDate.pending", { requested: change.requested, previous: change.previous, by })
        : t("profile.birthDate.refused", {
            requested: change.requested,
            by,
            date: change.decided_at ? formatDateTime(change.decided_at, locale) : "",
          })}
    </p>
  );
}
