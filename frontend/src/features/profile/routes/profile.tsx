import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";

import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { getProvinces } from "@/lib/provinces";
import { authorizedQuery, useAuthorized } from "@/lib/auth/get-authorized";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { removePhoto, updateProfile, uploadPhoto, type ProfileInput } from "../api/profile-calls";

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
type Values = Record<(typeof TEXT_FIELDS)[number] | "gender" | "province_code" | "grade", string>;

export default function ProfileRoute() {
  const t = useT();
  const queryClient = useQueryClient();
  const { data } = useAuthorized();
  const provinces = useQuery({ queryKey: ["provinces"], queryFn: getProvinces, staleTime: Infinity });
  const [preview, setPreview] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const form = useForm<Values>();
  const user = data?.user;

  useEffect(() => {
    if (!user) return;
    form.reset({
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, (user[f] as string | null) ?? ""])),
      gender: user.gender || NONE,
      province_code: user.province_code || NONE,
      grade: user.grade ? String(user.grade) : NONE,
    } as Values);
  }, [user, form, provinces.data]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  if (!user) return null;
  const educator = user.pandai_profile_role === "EDUCATOR";
  const refresh = () => queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });

  async function onSubmit(values: Values) {
    const body: ProfileInput = Object.fromEntries(TEXT_FIELDS.map((f) => [f, values[f]]));
    if (values.gender !== NONE) body.gender = values.gender;
    if (values.province_code !== NONE) body.province_code = values.province_code;
    if (values.grade !== NONE) body.grade = Number(values.grade);
    if (!body.date_of_birth) delete body.date_of_birth;
    try {
      await updateProfile(body);
      toast({ variant: "success", title: t("profile.saved") });
      await refresh();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors))
          form.setError(field as keyof Values, { message: messages[0] });
        toast({ variant: "destructive", title: t("profile.updateFailed"), description: error.message });
      }
    }
  }

  async function onUpload() {
    if (!file) return;
    try {
      await uploadPhoto(file);
      setFile(null);
      setPreview(null);
      toast({ variant: "success", title: t("profile.photoSaved") });
      await refresh();
    } catch {
      /* the API client has shown the error */
    }
  }

  const errors = form.formState.errors;
  const text = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field label={label} htmlFor={name} error={errors[name]?.message}>
      <Input id={name} aria-invalid={!!errors[name]} {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <div className="grid max-w-4xl gap-8">
      <h1 className="text-2xl font-semibold">{t("page.profile")}</h1>
      <section className="flex flex-wrap items-center gap-6 rounded-2xl border border-slate-200 bg-white p-5">
        <Avatar name={user.name} src={preview ?? user.profileImage} size="lg" />
        <div className="grid gap-3">
          <p className="text-sm text-slate-600">{t("profile.photoHint")}</p>
          <label className="text-sm font-medium" htmlFor="photo">
            {t("profile.choosePhoto")}
          </label>
          <input
            id="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="text-sm"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setPreview(chosen ? URL.createObjectURL(chosen) : null);
            }}
          />
          <div className="flex gap-2">
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
          <Field label={t("field.gender")} htmlFor="gender" error={errors.gender?.message}>
            <Select id="gender" {...form.register("gender")}>
              <option value={NONE} disabled>
                {t("common.choose")}
              </option>
              <option value="male">{t("gender.male")}</option>
              <option value="female">{t("gender.female")}</option>
            </Select>
          </Field>
          {text("date_of_birth", t("field.dateOfBirth"), { placeholder: "dd/mm/yyyy" })}
          <Field label={t("field.province")} htmlFor="province_code" error={errors.province_code?.message}>
            <Select id="province_code" {...form.register("province_code")}>
              <option value={NONE} disabled>
                {t("common.choose")}
              </option>
              {(provinces.data ?? []).map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          {text("district_text", t("field.district"))}
          {!educator && text("curriculum", t("field.curriculum"))}
          <Field label={t("field.organization")} htmlFor="organization">
            <Input
              id="organization"
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
              await removePhoto();
              await refresh();
            }}
          >
            {t("profile.removePhoto")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
