import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";

import { useLangAttr } from "@/components/lang";
import { GenderSelect, ProvinceSelect, TextField } from "@/components/person-fields";
import { Button } from "@/components/ui/button";
import { Field, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";
import { useHydrated } from "@/lib/use-hydrated";

import { useRegister } from "../api/register";
import { FormAlert } from "../components/form-alert";
import { SignupConsentStep, type SignupConsent } from "../components/signup-consent-step";
import { signupSchema, type SignupValues } from "../components/signup-schema";

const CURRICULA = ["Kết nối tri thức với cuộc sống", "Chân trời sáng tạo", "Cánh Diều"];
const FIELDS = [
  "email",
  "password",
  "confirm_password",
  "name",
  "gender",
  "date_of_birth",
  "cccd",
  "class_name",
  "school_name",
  "district_text",
  "province_code",
  "curriculum",
  "phone",
  "contact_email",
] as const;

export default function SignupRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [failure, setFailure] = useState("");
  // Two steps (issue 24, item 1): the details, then consent (and a parent's e-mail under 16).
  const [details, setDetails] = useState<SignupValues | null>(null);
  const registerAccount = useRegister();
  const hydrated = useHydrated();
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupSchema(t)),
    defaultValues: {
      ...Object.fromEntries(FIELDS.map((f) => [f, ""])),
      gender: NONE,
      province_code: NONE,
      curriculum: NONE,
    } as unknown as SignupValues,
  });
  const errors = form.formState.errors;
  // the textbook series' names are Vietnamese: lang="vi" on English pages (issue 38 item 6)
  const vi = useLangAttr();

  function onSubmit(values: SignupValues) {
    setFailure("");
    setDetails(values);
  }

  /** Registers with both steps' answers; an error about the details goes back to the first step
   * with the fields marked, any other is the consent step's to show. */
  async function register(consent: SignupConsent) {
    if (!details) return;
    try {
      const result = await registerAccount.mutateAsync({ ...details, ...consent });
      navigate(`/signup-confirmation?email=${encodeURIComponent(result.email)}`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).some((f) => FIELDS.includes(f as never))) {
        setFailure(applyServerErrors(error, form.setError, FIELDS) || t("auth.registrationFailed"));
        setDetails(null);
        return;
      }
      throw error;
    }
  }

  const text = (
    name: (typeof FIELDS)[number],
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => <TextField {...props} form={form} name={name} label={label} />;

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("page.signup")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("auth.signupSubtitle")}</p>
      </div>
      {details ? (
        <SignupConsentStep
          dateOfBirth={details.date_of_birth}
          contactEmail={details.contact_email}
          onBack={() => setDetails(null)}
          onSubmit={register}
        />
      ) : (
        // Prerendered (decision 0028): its fields wait for the script (useHydrated), and a form
        // the browser would still send itself goes by post, never with the password in the address.
        <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
          <fieldset disabled={!hydrated} className="contents">
            <FormAlert message={failure} />
            <div className="grid gap-4 sm:grid-cols-2">
              {text("name", t("field.name"), { autoComplete: "name" })}
              {text("email", t("field.email"), { type: "email", autoComplete: "email" })}
              {text("password", t("field.password"), { type: "password", autoComplete: "new-password" })}
              {text("confirm_password", t("field.confirmPassword"), {
                type: "password",
                autoComplete: "new-password",
              })}
              <GenderSelect form={form} name="gender" label={t("field.gender")} />
              {text("date_of_birth", t("field.dateOfBirth"), {
                placeholder: "dd/mm/yyyy",
                inputMode: "numeric",
              })}
              {text("cccd", t("field.cccd"), { inputMode: "numeric", maxLength: 12 })}
              {text("phone", t("field.phone"), { type: "tel", autoComplete: "tel" })}
              {text("class_name", t("field.className"))}
              {text("school_name", t("field.schoolName"))}
              <ProvinceSelect form={form} name="province_code" label={t("field.province")} />
              {text("district_text", t("field.district"))}
              <Field label={t("field.curriculum")} htmlFor="curriculum" error={errors.curriculum?.message}>
                <Select id="curriculum" aria-invalid={!!errors.curriculum} {...form.register("curriculum")}>
                  <option value={NONE} disabled>
                    {t("common.choose")}
                  </option>
                  {CURRICULA.map((c) => (
                    <option key={c} value={c} {...vi}>
                      {c}
                    </option>
                  ))}
                  <option value="other">{t("field.curriculumOther")}</option>
                </Select>
              </Field>
              {text("contact_email", t("field.contactEmail"), { type: "email" })}
            </div>
            <Button type="submit" size="lg">
              {t("consent.continue")}
            </Button>
          </fieldset>
        </form>
      )}
      <p className="text-sm text-slate-600">
        {t("auth.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("auth.login")}
        </Link>
      </p>
    </div>
  );
}
