import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import { useResetPassword } from "../api/reset-password";
import { FormAlert } from "../components/form-alert";
import { NewPasswordFields } from "../components/new-password-fields";
import { applyServerErrors } from "@/lib/forms";

export default function ResetPasswordRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState("");
  const resetPassword = useResetPassword();
  const schema = z
    .object({
      password: z.string().min(8, t("validation.passwordLength")),
      confirm_password: z.string().min(1, t("validation.required")),
    })
    .refine((v) => v.password === v.confirm_password, {
      path: ["confirm_password"],
      message: t("validation.passwordsMatch"),
    });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirm_password: "" },
  });
  async function onSubmit(values: z.infer<typeof schema>) {
    setFailure("");
    try {
      await resetPassword.mutateAsync({
        uid: params.get("uid") ?? "",
        token: params.get("token") ?? "",
        ...values,
      });
      setDone(true);
    } catch (error) {
      setFailure(
        applyServerErrors(error, form.setError, ["password", "confirm_password"]) || t("auth.resetFailed"),
      );
    }
  }
  if (done) {
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t("page.resetPassword")}</h1>
        <FormAlert message={t("auth.resetDone")} tone="success" />
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("auth.login")}
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("page.resetPassword")}</h1>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormAlert message={failure} />
        <NewPasswordFields form={form} label={t("field.newPassword")} />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("auth.savePassword")}
        </Button>
      </form>
    </div>
  );
}
