import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { z } from "zod";

import { NoticeConsentField } from "@/components/notice-consent";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/person-fields";
import { useNotices } from "@/lib/api/consent";
import { useT } from "@/lib/intl";

import { useInvitation } from "../api/check-invitation";
import { invitationKind } from "../api/invitation-kind";
import { useRegisterInvited } from "../api/register-invited";
import { FormAlert } from "../components/form-alert";
import { NewPasswordFields } from "../components/new-password-fields";
import { applyServerErrors } from "@/lib/forms";

/** Accept an invitation: a new account (name, password twice) or an existing one (its password). */
export default function SignupInvitedRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const kind = invitationKind(params.get("role"));
  const info = useInvitation(kind, token);
  const registerInvited = useRegisterInvited(kind);
  const [failure, setFailure] = useState("");
  const existing = info.data?.has_account ?? false;
  // A learner's invitation asks for consent to the notices in force (issue 24, item 1).
  const learner = kind === "learner";
  const notices = useNotices();
  const schema = z
    .object({
      name: z.string(),
      password: z.string().min(1, t("validation.required")),
      confirm_password: z.string(),
      accept_terms: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (learner && !v.accept_terms)
        ctx.addIssue({ code: "custom", path: ["accept_terms"], message: t("consent.acceptRequired") });
      if (existing) return;
      if (!v.name.trim()) ctx.addIssue({ code: "custom", path: ["name"], message: t("validation.required") });
      if (v.password.length < 8)
        ctx.addIssue({ code: "custom", path: ["password"], message: t("validation.passwordLength") });
      if (v.password !== v.confirm_password)
        ctx.addIssue({ code: "custom", path: ["confirm_password"], message: t("validation.passwordsMatch") });
    });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", password: "", confirm_password: "", accept_terms: false },
  });
  if (info.isPending) return <p role="status">{t("common.loading")}</p>;
  if (info.isError || !info.data) return <FormAlert message={t("auth.invalidInvitation")} />;

  async function onSubmit(values: z.infer<typeof schema>) {
    setFailure("");
    try {
      await registerInvited.mutateAsync({
        token,
        ...values,
        accept_terms: learner && values.accept_terms,
        terms_version: notices.data?.terms?.version ?? "",
        privacy_version: notices.data?.privacy?.version ?? "",
      });
      navigate("/home");
    } catch (error) {
      setFailure(
        applyServerErrors(error, form.setError, ["name", "password", "confirm_password", "accept_terms"]) ||
          t("auth.invitationFailed"),
      );
    }
  }
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("page.signupInvited")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t(existing ? "auth.invitedExisting" : "auth.invitedNew", {
            email: info.data.email,
            organization: info.data.organization.name,
          })}
        </p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormAlert message={failure} />
        {!existing && <TextField form={form} name="name" label={t("field.name")} autoComplete="name" />}
        {existing ? (
          <TextField
            form={form}
            name="password"
            label={t("field.password")}
            type="password"
            autoComplete="current-password"
          />
        ) : (
          <NewPasswordFields form={form} label={t("field.password")} />
        )}
        {learner && notices.data && (
          <NoticeConsentField
            id="accept_terms"
            notices={notices.data}
            error={form.formState.errors.accept_terms?.message}
            inputProps={form.register("accept_terms")}
          />
        )}
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting || (learner && !notices.data)}>
          {t("auth.joinOrganization", { organization: info.data.organization.name })}
        </Button>
      </form>
    </div>
  );
}
