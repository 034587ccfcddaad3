import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/person-fields";
import { useT } from "@/lib/intl";

import { useForgotPassword } from "../api/forgot-password";
import { FormAlert } from "../components/form-alert";
import { applyServerErrors } from "@/lib/forms";

export default function ForgotPasswordRoute() {
  const t = useT();
  const [sent, setSent] = useState("");
  const [failure, setFailure] = useState("");
  const forgotPassword = useForgotPassword();
  const schema = z.object({
    email: z.string().min(1, t("validation.required")).email(t("validation.email")),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: "" },
  });
  async function onSubmit(values: z.infer<typeof schema>) {
    setFailure("");
    try {
      await forgotPassword.mutateAsync(values.email);
      setSent(t("auth.resetSent"));
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ["email"]) || t("auth.forgotFailed"));
    }
  }
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("page.forgotPassword")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("auth.forgotSubtitle")}</p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormAlert message={failure} />
        <FormAlert message={sent} tone="success" />
        <TextField form={form} name="email" label={t("field.email")} type="email" autoComplete="email" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("auth.sendResetLink")}
        </Button>
      </form>
      <Link to="/login" className="text-sm text-blue-700 hover:underline">
        {t("auth.backToLogin")}
      </Link>
    </div>
  );
}
