import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useInvitation } from "../api/check-invitation";
import { invitationKind } from "../api/invitation-kind";
import { useRejectInvitation } from "../api/reject-invitation";
import { FormAlert } from "../components/form-alert";

/** /invitation/:token: what the invitation offers, with accept (-> /signup-invited) and reject. */
export default function InvitationRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kind = invitationKind(params.get("role"));
  const info = useInvitation(kind, token);
  const reject = useRejectInvitation(kind, token);
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
  if (reject.isSuccess) {
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
        <Button variant="outline" disabled={reject.isPending} onClick={() => reject.mutate()}>
          {t("auth.reject")}
        </Button>
      </div>
    </div>
  );
}
