import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { checkInvitation, rejectInvitation, type InvitationKind } from "../api/auth-calls";
import { FormAlert } from "../components/form-alert";

/** /invitation/:token: what the invitation offers, with accept (-> /signup-invited) and reject. */
export default function InvitationRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kind: InvitationKind = params.get("role") === "educator" ? "educator" : "learner";
  const [rejected, setRejected] = useState(false);
  const info = useQuery({
    queryKey: ["invitation", kind, token],
    queryFn: () => checkInvitation(kind, token),
    retry: false,
  });
  if (info.isPending) return <p role="status">{t("common.loading")}</p>;
  if (info.isError || !info.data) {
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t("page.invitation")}</h1>
        <FormAlert message={t("auth.invalidInvitation")} />
        <Link to="/" className="text-blue-700 hover:underline">
          {t("common.home")}
        </Link>
      </div>
    );
  }
  const data = info.data;
  if (rejected) {
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t("page.invitation")}</h1>
        <FormAlert tone="info" message={t("auth.invitationRejected")} />
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-semibold">
        {t("auth.invitationTitle", { organization: data.organization.name })}
      </h1>
      <p className="text-slate-700">
        {t("auth.invitationBody", {
          inviter: data.invited_by ?? data.organization.name,
          role: t(data.role === "EDUCATOR" ? "role.educator" : "role.learner"),
          email: data.email,
        })}
      </p>
      <p className="text-sm text-slate-500">
        {t("auth.invitationExpires", { date: formatDateTime(data.expires_at, locale) })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => navigate(`/signup-invited?token=${encodeURIComponent(token)}&role=${kind}`)}>
          {t("auth.accept")}
        </Button>
        <Button
          variant="outline"
          onClick={async () => {
            try {
              await rejectInvitation(kind, token);
              setRejected(true);
            } catch {
              void info.refetch();
            }
          }}
        >
          {t("auth.reject")}
        </Button>
      </div>
    </div>
  );
}
