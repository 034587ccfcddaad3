import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { useHydrated } from "@/lib/use-hydrated";

import { useLogin } from "../api/login";
import { useResendVerificationEmail } from "../api/resend-verification-email";
import { FormAlert } from "../components/form-alert";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ["email", "password"] as const;
type Values = Record<(typeof FIELDS)[number], string>;
type Errors = Partial<Values>;

/**
 * /login. Two fields in React state, without react-hook-form (its 16 KB gzip kept the first visit
 * over issue 20's 150 KB budget), with the account forms' behaviour: the rules run on submit,
 * then again on each change; the first field in error takes the focus; the server's field errors
 * show at their fields and its message above them.
 */
export default function LoginRoute() {
  const t = useT();
  const navigate = useNavigate();
  const login = useLogin();
  const resend = useResendVerificationEmail();
  const [failure, setFailure] = useState("");
  const [unverified, setUnverified] = useState(false);
  const [notice, setNotice] = useState("");
  const [values, setValues] = useState<Values>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const hydrated = useHydrated();

  function validate(next: Values): Errors {
    const errors: Errors = {};
    if (!next.email) errors.email = t("validation.required");
    else if (!EMAIL.test(next.email)) errors.email = t("validation.email");
    if (!next.password) errors.password = t("validation.required");
    return errors;
  }

  const change = (name: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) return inputs[first].current?.focus();
    setFailure("");
    setNotice("");
    setUnverified(false);
    setSubmitting(true);
    try {
      await login.mutateAsync(values);
      navigate("/home");
    } catch (error) {
      const server = error instanceof ApiError ? error : null;
      setUnverified(server?.code === "email_not_verified");
      setErrors(
        Object.fromEntries(FIELDS.map((name) => [name, server?.errors[name]?.[0]]).filter(([, m]) => m)),
      );
      setFailure(server?.message || t("auth.loginFailed"));
    } finally {
      setSubmitting(false);
    }
  }

  function onResend() {
    resend.mutate(values.email, { onSuccess: () => setNotice(t("auth.verificationResent")) });
  }

  const field = (name: keyof Values, label: string, props: { type: string; autoComplete: string }) => (
    <Field label={label} htmlFor={name} error={errors[name]}>
      <Input
        ref={inputs[name]}
        id={name}
        name={name}
        aria-invalid={!!errors[name]}
        value={values[name]}
        onChange={change(name)}
        {...props}
      />
    </Field>
  );

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("auth.loginTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("auth.loginSubtitle")}</p>
      </div>
      {/* Prerendered (decision 0028): its fields wait for the script (useHydrated), and a form
          the browser would still send itself goes by post, never with the password in the address. */}
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <fieldset disabled={!hydrated} className="contents">
          <FormAlert message={failure} />
          {unverified && (
            <Button variant="outline" onClick={onResend}>
              {t("auth.resendVerification")}
            </Button>
          )}
          <FormAlert message={notice} tone="success" />
          {field("email", t("field.email"), { type: "email", autoComplete: "email" })}
          {field("password", t("field.password"), { type: "password", autoComplete: "current-password" })}
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
