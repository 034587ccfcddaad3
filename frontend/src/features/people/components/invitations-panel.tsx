/** The organization's invitations of one role: status (an expired one shows as such), expiry,
 * resend count; organization admins resend a pending or expired one or revoke it. Search, status
 * filter, sort and page are in the URL. */
import { useQuery } from "@tanstack/react-query";
import { RefreshCw, XCircle } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Td, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { invitationListQuery } from "../api/list-invitations";
import { useResendInvitation } from "../api/resend-invitation";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { INVITATION_STATUSES, type Invitation, type PeopleRole } from "../api/types";
import { Badge } from "@/components/ui/badge";
import { INVITATION_STATUS_LABEL, INVITATION_STATUS_TONE, invitationStatus } from "./labels";
import { LIVE_LIST, PeopleTable, PeopleToolbar, usePeopleList } from "./people-list";

const ORDERS = [
  ["-sent_at", "people.sort.sentNewest"],
  ["sent_at", "people.sort.sentOldest"],
  ["email", "people.sort.email"],
  ["status", "people.sort.status"],
] as const;

const open = (invitation: Invitation) => invitation.status === "pending" || invitation.status === "expired";

export function InvitationsPanel({ role, isAdmin }: { role: PeopleRole; isAdmin: boolean }) {
  const t = useT();
  const { list, query } = usePeopleList(role, "-sent_at");
  const invitations = useQuery({ ...invitationListQuery(query), ...LIVE_LIST });
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [revokeError, setRevokeError] = useState("");

  async function onResend(invitation: Invitation) {
    try {
      await resend.mutateAsync(invitation.id);
      toast({ variant: "success", title: t("people.invitation.resent", { email: invitation.email }) });
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("people.invitation.resendFailed"),
        description: error instanceof ApiError ? error.message : t("common.unknownError"),
      });
    }
  }

  async function onRevoke(invitation: Invitation) {
    try {
      await revoke.mutateAsync(invitation.id);
      toast({ variant: "success", title: t("people.invitation.revoked", { email: invitation.email }) });
      setRevoking(null);
    } catch (error) {
      setRevokeError(error instanceof ApiError ? error.message : t("common.unknownError"));
    }
  }

  const tools = (invitation: Invitation) =>
    isAdmin && open(invitation) ? (
      <div className="flex flex-wrap justify-end gap-1 md:flex-col md:items-stretch">
        <Button
          size="sm"
          variant="outline"
          className="whitespace-nowrap"
          disabled={resend.isPending && resend.variables === invitation.id}
          aria-label={t("people.invitation.resendTo", { email: invitation.email })}
          onClick={() => void onResend(invitation)}
        >
          <RefreshCw className="h-3.5 w-3.5" aria-hidden="true" />
          {t("people.invitation.resend")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="whitespace-nowrap text-red-700!"
          aria-label={t("people.invitation.revokeFor", { email: invitation.email })}
          onClick={() => {
            setRevokeError("");
            setRevoking(invitation);
          }}
        >
          <XCircle className="h-3.5 w-3.5" aria-hidden="true" />
          {t("people.invitation.revoke")}
        </Button>
      </div>
    ) : null;

  const col = {
    email: t("people.col.email"),
    status: t("people.col.status"),
    invitedBy: t("people.col.invitedBy"),
    sent: t("people.col.sent"),
    expiry: t("people.col.expiry"),
    resends: t("people.col.resends"),
    actions: t("people.col.actions"),
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <PeopleToolbar
        id={`${role}-invitation`}
        list={list}
        searchLabel={t("people.searchInvitations")}
        statuses={INVITATION_STATUSES.map((status) => ({
          value: status,
          label: t(INVITATION_STATUS_LABEL[status]),
        }))}
        orders={ORDERS.map(([value, label]) => ({ value, label: t(label) }))}
      />
      <PeopleTable
        query={invitations}
        list={list}
        label={t("people.tab.invitations")}
        count={(count) => t("people.invitationCount", { count })}
        empty={t("people.noInvitations")}
        columns={[
          { label: col.email, className: "min-w-52" },
          { label: col.status },
          { label: col.invitedBy },
          { label: col.sent },
          { label: col.expiry },
          { label: col.resends, className: "text-right" },
          { label: col.actions, hidden: true },
        ]}
        row={(invitation) => (
          <Tr key={invitation.id}>
            <Td>
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{invitation.email}</span>
              {invitation.job_title && (
                <span className="block text-xs text-slate-600">{invitation.job_title}</span>
              )}
            </Td>
            <Td label={col.status}>
              <StatusBadge invitation={invitation} />
            </Td>
            <Td label={col.invitedBy}>{invitation.invited_by ?? "—"}</Td>
            <Td label={col.sent}>
              <DateTime iso={invitation.sent_at} />
            </Td>
            <Td label={col.expiry}>
              <Expiry invitation={invitation} />
            </Td>
            <Td label={col.resends} className="tabular-nums md:text-right">
              {invitation.resend_count}
            </Td>
            <Td className="md:px-2 md:py-2">{tools(invitation)}</Td>
          </Tr>
        )}
      />

      <ConfirmDialog
        open={revoking !== null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void onRevoke(revoking)}
        busy={revoke.isPending}
        error={revokeError}
        title={t("people.confirm.revokeTitle")}
        description={t("people.confirm.revokeBody", { email: revoking?.email ?? "" })}
        confirmLabel={t("people.invitation.revoke")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}

function StatusBadge({ invitation }: { invitation: Invitation }) {
  const t = useT();
  const status = invitationStatus(invitation.status);
  return <Badge tone={INVITATION_STATUS_TONE[status]}>{t(INVITATION_STATUS_LABEL[status])}</Badge>;
}

function DateTime({ iso }: { iso: string }) {
  const { locale } = useLanguage();
  return <time dateTime={iso}>{formatDateTime(iso, locale)}</time>;
}

/** Pending: when it expires; expired: since when (red); answered: when. */
function Expiry({ invitation }: { invitation: Invitation }) {
  const t = useT();
  const { locale } = useLanguage();
  if (invitation.status === "pending")
    return (
      <span>{t("people.invitation.expiresOn", { date: formatDateTime(invitation.expires_at, locale) })}</span>
    );
  if (invitation.status === "expired")
    return (
      <span className="text-red-700">
        {t("people.invitation.expiredOn", { date: formatDateTime(invitation.expires_at, locale) })}
      </span>
    );
  if (invitation.responded_at)
    return (
      <span className="text-slate-600">
        {t("people.invitation.answeredOn", { date: formatDateTime(invitation.responded_at, locale) })}
      </span>
    );
  return <span>—</span>;
}
