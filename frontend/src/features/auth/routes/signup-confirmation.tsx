import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import { useResendVerificationEmail } from "../api/resend-verification-email";
import { FormAlert } from "../components/form-alert";

export default function SignupConfirmationRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const [notice, setNotice] = useState("");
  const resend = useResendVerificationEmail();
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t("page.signupConfirmation")}</h1>
      <p className="text-slate-700">{t("auth.checkEmail", { email: email || t("auth.yourEmail") })}</p>
      <FormAlert message={notice} tone="success" />
      {email && (
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate(email, { onSuccess: () => setNotice(t("auth.verificationResent")) })}
        >
          {t("auth.resendVerification")}
        </Button>
      )}
      <Link to="/login" className="font-semibold text-blue-700 hover:underline">
        {t("auth.backToLogin")}
      </Link>
    </div>
  );
}
