/** The organization's invitations of one role: status (an expired one shows as such), expiry,
 * resend count; organization admins resend a pending or expired one or revoke it. */
import { RefreshCw, XCircle } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useInvitations } from "../api/list-invitations";
import { useResendInvitation } from "../api/resend-invitation";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { INVITATION_STATUSES, type Invitation, type PeopleRole } from "../api/types";
import { Badge } from "./badge";
import { INVITATION_STATUS_LABEL, INVITATION_STATUS_TONE, invitationStatus } from "./labels";
import { PAGE_SIZE } from "./members-panel";
import { Pager } from "@/components/ui/pager";
import { useDebounced } from "./use-debounced";

const open = (invitation: Invitation) => invitation.status === "pending" || invitation.status === "expired";

export function InvitationsPanel({ role, isAdmin }: { role: PeopleRole; isAdmin: boolean }) {
  const t = useT();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [order, setOrder] = useState("-sent_at");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const invitations = useInvitations({
    role,
    page,
    limit: PAGE_SIZE,
    search: debounced,
    order_by: order,
    status,
  });
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

  const rows = invitations.data?.items ?? [];
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

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,13rem)_minmax(0,13rem)]">
        <div>
          <label className="sr-only" htmlFor={`${role}-invitation-search`}>
            {t("people.searchInvitations")}
          </label>
          <Input
            id={`${role}-invitation-search`}
            type="search"
            placeholder={t("people.searchInvitations")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <label className="sr-only" htmlFor={`${role}-invitation-status`}>
          {t("people.filterStatus")}
        </label>
        <Select
          id={`${role}-invitation-status`}
          value={status || "all"}
          onChange={(e) => {
            setStatus(e.target.value === "all" ? "" : e.target.value);
            setPage(1);
          }}
        >
          <option value="all">{t("people.status.all")}</option>
          {INVITATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(INVITATION_STATUS_LABEL[s])}
            </option>
          ))}
        </Select>
        <label className="sr-only" htmlFor={`${role}-invitation-order`}>
          {t("common.sort")}
        </label>
        <Select
          id={`${role}-invitation-order`}
          value={order}
          onChange={(e) => {
            setOrder(e.target.value);
            setPage(1);
          }}
        >
          <option value="-sent_at">{t("people.sort.sentNewest")}</option>
          <option value="sent_at">{t("people.sort.sentOldest")}</option>
          <option value="email">{t("people.sort.email")}</option>
          <option value="status">{t("people.sort.status")}</option>
        </Select>
      </div>

      {invitations.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : invitations.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t("people.loadFailed")}
          <Button size="sm" variant="outline" onClick={() => void invitations.refetch()}>
            {t("people.retry")}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {debounced || status ? t("people.noMatch") : t("people.noInvitations")}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t("people.invitationCount", { count: invitations.data.total })}
          </p>
          <ul className="grid gap-3 md:hidden">
            {rows.map((invitation) => (
              <li key={invitation.id} className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {invitation.email}
                  </span>
                  <StatusBadge invitation={invitation} />
                </div>
                <InvitationFacts invitation={invitation} />
                {tools(invitation)}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("people.tab.invitations")}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="min-w-52 px-4 py-3">
                    {t("people.col.email")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.status")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.invitedBy")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.sent")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.expiry")}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t("people.col.resends")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("people.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((invitation) => (
                  <tr key={invitation.id} className="align-top">
                    <td className="px-4 py-3">
                      <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                        {invitation.email}
                      </span>
                      {invitation.job_title && (
                        <span className="block text-xs text-slate-600">{invitation.job_title}</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge invitation={invitation} />
                    </td>
                    <td className="px-4 py-3">{invitation.invited_by ?? "—"}</td>
                    <td className="px-4 py-3">
                      <DateTime iso={invitation.sent_at} />
                    </td>
                    <td className="px-4 py-3">
                      <Expiry invitation={invitation} />
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{invitation.resend_count}</td>
                    <td className="px-2 py-2">{tools(invitation)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} limit={PAGE_SIZE} total={invitations.data.total} onPage={setPage} />
        </>
      )}

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

function InvitationFacts({ invitation }: { invitation: Invitation }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
      {invitation.job_title && (
        <>
          <dt>{t("people.col.jobTitle")}</dt>
          <dd>{invitation.job_title}</dd>
        </>
      )}
      <dt>{t("people.col.invitedBy")}</dt>
      <dd>{invitation.invited_by ?? "—"}</dd>
      <dt>{t("people.col.sent")}</dt>
      <dd>
        <DateTime iso={invitation.sent_at} />
      </dd>
      <dt>{t("people.col.expiry")}</dt>
      <dd>
        <Expiry invitation={invitation} />
      </dd>
      <dt>{t("people.col.resends")}</dt>
      <dd>{invitation.resend_count}</dd>
    </dl>
  );
}
