import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/person-fields";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { useHydrated } from "@/lib/use-hydrated";

import { useLogin } from "../api/login";
import { useResendVerificationEmail } from "../api/resend-verification-email";
import { FormAlert } from "../components/form-alert";
import { applyServerErrors } from "@/lib/forms";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /login. Plain react-hook-form rules (no zod) keep the first visit under the 170 KB budget. */
export default function LoginRoute() {
  const t = useT();
  const navigate = useNavigate();
  const login = useLogin();
  const resend = useResendVerificationEmail();
  const [failure, setFailure] = useState("");
  const [unverified, setUnverified] = useState(false);
  const [notice, setNotice] = useState("");
  const form = useForm<{ email: string; password: string }>({ defaultValues: { email: "", password: "" } });
  const { isSubmitting } = form.formState;
  const hydrated = useHydrated();

  async function onSubmit(values: { email: string; password: string }) {
    setFailure("");
    setNotice("");
    setUnverified(false);
    try {
      await login.mutateAsync(values);
      navigate("/home");
    } catch (error) {
      setUnverified(error instanceof ApiError && error.code === "email_not_verified");
      setFailure(applyServerErrors(error, form.setError, ["email", "password"]) || t("auth.loginFailed"));
    }
  }

  function onResend() {
    resend.mutate(form.getValues("email"), { onSuccess: () => setNotice(t("auth.verificationResent")) });
  }

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("auth.loginTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("auth.loginSubtitle")}</p>
      </div>
      {/* Prerendered (decision 0028): its fields wait for the script (useHydrated), and a form
          the browser would still send itself goes by post, never with the password in the address. */}
      <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <fieldset disabled={!hydrated} className="contents">
          <FormAlert message={failure} />
          {unverified && (
            <Button variant="outline" onClick={onResend}>
              {t("auth.resendVerification")}
            </Button>
          )}
          <FormAlert message={notice} tone="success" />
          <TextField
            form={form}
            name="email"
            label={t("field.email")}
            type="email"
            autoComplete="email"
            rules={{
              required: t("validation.required"),
              pattern: { value: EMAIL, message: t("validation.email") },
            }}
          />
          <TextField
            form={form}
            name="password"
            label={t("field.password")}
            type="password"
            autoComplete="current-password"
            rules={{ required: t("validation.required") }}
          />
          <div className="flex justify-end">
            <Link to="/forgot-password" className="text-sm text-blue-700 hover:underline">
              {t("auth.forgotPasswordLink")}
            </Link>
          </div>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t("common.working") : t("auth.login")}
          </Button>
        </fieldset>
      </form>
      <p className="text-sm text-slate-600">
        {t("auth.noAccount")}{" "}
        <Link to="/signup" className="font-semibold text-blue-700 hover:underline">
          {t("auth.signup")}
        </Link>
      </p>
    </div>
  );
}
