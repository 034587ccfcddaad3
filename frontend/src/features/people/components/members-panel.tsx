/** The organization's members of one role (spec §3 "Educator" / "Learner"): search, status
 * filter, sort, paging (in the URL); each row's last change and its full history; organization
 * admins change admin rights, activity, the survey account, and remove learners. The server
 * decides. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Td, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { profileListQuery } from "@/lib/api/profiles";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useRemoveMember } from "../api/remove-member";
import type { Member, PeopleRole } from "../api/types";
import { useUpdateMember } from "../api/update-member";
import { ActivityDialog } from "./activity-dialog";
import { ConsentDialog } from "./consent-dialog";
import { Badge } from "@/components/ui/badge";
import { HistoryDialog } from "./history-dialog";
import { MEMBER_STATUS_LABEL, MEMBER_STATUS_TONE, memberStatus, ROLE_TEXT } from "./labels";
import { CHANGE, CONFIRMED, DONE, type Action } from "./member-actions";
import { MemberTools } from "./member-tools";
import { LIVE_LIST, PeopleTable, PeopleToolbar, usePeopleList } from "./people-list";

export { actionsFor } from "./member-actions";

const ORDERS = [
  ["name", "people.sort.nameAsc"],
  ["-name", "people.sort.nameDesc"],
  ["-joined", "people.sort.joinedNewest"],
  ["joined", "people.sort.joinedOldest"],
  ["email", "people.sort.email"],
  ["status", "people.sort.status"],
] as const;

export function MembersPanel({
  role,
  isAdmin,
  currentProfileId,
}: {
  role: PeopleRole;
  isAdmin: boolean;
  currentProfileId: number | undefined;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const { list, query } = usePeopleList(role, "name");
  const members = useQuery({ ...profileListQuery(query), ...LIVE_LIST });
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [history, setHistory] = useState<Member | null>(null);
  const [activity, setActivity] = useState<Member | null>(null);
  const [consent, setConsent] = useState<Member | null>(null);
  const [pending, setPending] = useState<{ action: Action; member: Member } | null>(null);
  const [confirmError, setConfirmError] = useState("");
  const educators = role === "EDUCATOR";

  async function perform(action: Action, member: Member) {
    try {
      if (action === "remove") await remove.mutateAsync(member.id);
      else await update.mutateAsync({ id: member.id, change: CHANGE[action] });
      toast({ variant: "success", title: t(DONE[action], { name: member.name }) });
      setPending(null);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t("common.unknownError");
      if (CONFIRMED[action]) setConfirmError(message);
      else toast({ variant: "destructive", title: t("people.updateFailed"), description: message });
    }
  }

  function choose(action: Action, member: Member) {
    if (CONFIRMED[action]) {
      setConfirmError("");
      setPending({ action, member });
    } else void perform(action, member);
  }

  const confirm = pending ? CONFIRMED[pending.action] : undefined;
  const statuses = (
    educators ? (["active", "inactive"] as const) : (["active", "inactive", "removed"] as const)
  ).map((status) => ({ value: status, label: t(MEMBER_STATUS_LABEL[status]) }));
  const col = {
    name: t("people.col.name"),
    jobTitle: t("people.col.jobTitle"),
    admin: t("people.col.admin"),
    status: t("people.col.status"),
    invitedBy: t("people.col.invitedBy"),
    joined: t("people.col.joined"),
    survey: t("people.col.survey"),
    actions: t("people.col.actions"),
  };
  const columns = [
    { label: col.name, className: "min-w-60" },
    ...(educators ? [{ label: col.jobTitle }, { label: col.admin }] : []),
    { label: col.status },
    { label: col.invitedBy },
    { label: col.joined },
    ...(educators ? [{ label: col.survey }] : []),
    { label: col.actions, hidden: true },
  ];

  return (
    <div className="grid grid-cols-1 gap-4">
      <PeopleToolbar
        id={`${role}-member`}
        list={list}
        searchLabel={t("people.searchMembers")}
        statuses={statuses}
        orders={ORDERS.map(([value, label]) => ({ value, label: t(label) }))}
      />
      <PeopleTable
        query={members}
        list={list}
        label={t(ROLE_TEXT[role].title)}
        count={(count) => t("people.memberCount", { count })}
        empty={t(ROLE_TEXT[role].empty)}
        columns={columns}
        row={(member) => (
          <Tr key={member.id}>
            <Td>
              <div className="grid gap-0.5">
                <MemberName member={member} you={member.id === currentProfileId} />
              </div>
            </Td>
            {educators && <Td label={col.jobTitle}>{member.job_title || "—"}</Td>}
            {educators && (
              <Td label={col.admin}>
                {member.is_admin ? (
                  <Badge tone="blue">{t("people.admin")}</Badge>
                ) : (
                  <span className="text-slate-500">{t("people.no")}</span>
                )}
              </Td>
            )}
            <Td label={col.status}>
              <StatusCell member={member} />
            </Td>
            <Td label={col.invitedBy}>{member.invited_by ?? "—"}</Td>
            <Td label={col.joined} className="whitespace-nowrap">
              {member.joined ? formatDate(member.joined, locale) : "—"}
            </Td>
            {educators && (
              <Td label={col.survey}>{t(member.has_pandai_survey_account ? "people.yes" : "people.no")}</Td>
            )}
            <Td className="md:px-2 md:py-2">
              <MemberTools
                member={member}
                isAdmin={isAdmin}
                onHistory={() => setHistory(member)}
                onActivity={educators ? undefined : () => setActivity(member)}
                onConsent={educators ? undefined : () => setConsent(member)}
                onAction={(action) => choose(action, member)}
              />
            </Td>
          </Tr>
        )}
      />

      <HistoryDialog member={history} onClose={() => setHistory(null)} />
      <ActivityDialog member={activity} onClose={() => setActivity(null)} />
      <ConsentDialog member={consent} onClose={() => setConsent(null)} />
      <ConfirmDialog
        open={pending !== null && confirm !== undefined}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void perform(pending.action, pending.member)}
        busy={update.isPending || remove.isPending}
        error={confirmError}
        title={confirm ? t(confirm.title, { name: pending?.member.name ?? "" }) : ""}
        description={confirm ? t(confirm.body, { name: pending?.member.name ?? "" }) : ""}
        confirmLabel={confirm ? t(confirm.confirm) : ""}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}

function MemberName({ member, you }: { member: Member; you: boolean }) {
  const t = useT();
  return (
    <>
      <span className="font-medium text-slate-900">
        {member.name}
        {you && <span className="ml-2 text-xs font-normal text-slate-500">({t("people.you")})</span>}
      </span>
      <span className="text-xs text-slate-600 [overflow-wrap:anywhere]">{member.email}</span>
    </>
  );
}

/** The status badge with the row's last membership change under it. */
function StatusCell({ member }: { member: Member }) {
  const t = useT();
  const { locale } = useLanguage();
  const status = memberStatus(member.status);
  return (
    <div className="grid justify-items-start gap-1">
      <Badge tone={MEMBER_STATUS_TONE[status]}>{t(MEMBER_STATUS_LABEL[status])}</Badge>
      {member.last_change && (
        <span className="text-xs text-slate-500">
          {t("people.lastChange", {
            change: member.last_change.label,
            date: formatDate(member.last_change.at, locale),
          })}
        </span>
      )}
    </div>
  );
}
