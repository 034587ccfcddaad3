import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { useT } from "@/lib/intl";

import { useVerifyEmail } from "../api/verify-email";
import { FormAlert } from "../components/form-alert";

export default function VerifyEmailRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const [state, setState] = useState<"working" | "ok" | "failed">("working");
  const started = useRef(false);
  const { mutateAsync: verifyEmail } = useVerifyEmail();
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyEmail(params.get("token") ?? "")
      .then(() => setState("ok"))
      .catch(() => setState("failed"));
  }, [params, verifyEmail]);
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t("page.verifyEmail")}</h1>
      {state === "working" && <p role="status">{t("common.loading")}</p>}
      {state === "ok" && <FormAlert tone="success" message={t("auth.verified")} />}
      {state === "failed" && <FormAlert message={t("auth.invalidVerificationLink")} />}
      <Link to="/login" className="font-semibold text-blue-700 hover:underline">
        {t("auth.login")}
      </Link>
    </div>
  );
}
