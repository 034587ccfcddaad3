/** The organization's members of one role (spec §3 "Educator" / "Learner"): search, status
 * filter, sort, paging; each row's last change and its full history; organization admins change
 * admin rights, activity, the survey account, and remove learners. The server decides. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ClipboardList, History, MoreHorizontal } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useMembers } from "../api/list-members";
import { useRemoveMember } from "../api/remove-member";
import type { Member, PeopleRole } from "../api/types";
import { useUpdateMember, type MemberChange } from "../api/update-member";
import { ActivityDialog } from "./activity-dialog";
import { Badge } from "./badge";
import { HistoryDialog } from "./history-dialog";
import { MEMBER_STATUS_LABEL, MEMBER_STATUS_TONE, memberStatus, ROLE_TEXT } from "./labels";
import { Pager } from "@/components/ui/pager";
import { useDebounced } from "./use-debounced";

export const PAGE_SIZE = 20;

/** What a row's menu can do; the ones that take rights or access away are confirmed first. */
type Action =
  "makeAdmin" | "removeAdmin" | "deactivate" | "reactivate" | "enableSurvey" | "disableSurvey" | "remove";

const CHANGE: Record<Exclude<Action, "remove">, MemberChange> = {
  makeAdmin: { is_admin: true },
  removeAdmin: { is_admin: false },
  deactivate: { active: false },
  reactivate: { active: true },
  enableSurvey: { has_pandai_survey_account: true },
  disableSurvey: { has_pandai_survey_account: false },
};

const CONFIRMED: Partial<Record<Action, { title: MessageId; body: MessageId; confirm: MessageId }>> = {
  removeAdmin: {
    title: "people.confirm.removeAdminTitle",
    body: "people.confirm.removeAdminBody",
    confirm: "people.action.removeAdmin",
  },
  deactivate: {
    title: "people.confirm.deactivateTitle",
    body: "people.confirm.deactivateBody",
    confirm: "people.action.deactivate",
  },
  remove: {
    title: "people.confirm.removeTitle",
    body: "people.confirm.removeBody",
    confirm: "people.action.remove",
  },
};

const LABEL: Record<Action, MessageId> = {
  makeAdmin: "people.action.makeAdmin",
  removeAdmin: "people.action.removeAdmin",
  deactivate: "people.action.deactivate",
  reactivate: "people.action.reactivate",
  enableSurvey: "people.action.enableSurvey",
  disableSurvey: "people.action.disableSurvey",
  remove: "people.action.remove",
};

const DONE: Record<Action, MessageId> = {
  makeAdmin: "people.done.makeAdmin",
  removeAdmin: "people.done.removeAdmin",
  deactivate: "people.done.deactivate",
  reactivate: "people.done.reactivate",
  enableSurvey: "people.done.enableSurvey",
  disableSurvey: "people.done.disableSurvey",
  remove: "people.done.remove",
};

/** The actions open on `member` (none on a removed learner). */
export function actionsFor(member: Member): Action[] {
  const status = memberStatus(member.status);
  if (status === "removed") return [];
  const educator = member.pandai_profile_role === "EDUCATOR";
  const actions: Action[] = [];
  if (educator) actions.push(member.is_admin ? "removeAdmin" : "makeAdmin");
  actions.push(status === "active" ? "deactivate" : "reactivate");
  actions.push(member.has_pandai_survey_account ? "disableSurvey" : "enableSurvey");
  if (!educator) actions.push("remove");
  return actions;
}

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
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [order, setOrder] = useState("name");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const members = useMembers({ role, page, limit: PAGE_SIZE, search: debounced, order_by: order, status });
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [history, setHistory] = useState<Member | null>(null);
  const [activity, setActivity] = useState<Member | null>(null);
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

  const rows = members.data?.items ?? [];
  const confirm = pending ? CONFIRMED[pending.action] : undefined;
  const statuses = educators
    ? (["active", "inactive"] as const)
    : (["active", "inactive", "removed"] as const);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,13rem)_minmax(0,13rem)]">
        <div>
          <label className="sr-only" htmlFor={`${role}-member-search`}>
            {t("people.searchMembers")}
          </label>
          <Input
            id={`${role}-member-search`}
            type="search"
            placeholder={t("people.searchMembers")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <label className="sr-only" htmlFor={`${role}-member-status`}>
          {t("people.filterStatus")}
        </label>
        <Select
          id={`${role}-member-status`}
          value={status || "all"}
          onChange={(e) => {
            setStatus(e.target.value === "all" ? "" : e.target.value);
            setPage(1);
          }}
        >
          <option value="all">{t("people.status.all")}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {t(MEMBER_STATUS_LABEL[s])}
            </option>
          ))}
        </Select>
        <label className="sr-only" htmlFor={`${role}-member-order`}>
          {t("common.sort")}
        </label>
        <Select
          id={`${role}-member-order`}
          value={order}
          onChange={(e) => {
            setOrder(e.target.value);
            setPage(1);
          }}
        >
          <option value="name">{t("people.sort.nameAsc")}</option>
          <option value="-name">{t("people.sort.nameDesc")}</option>
          <option value="-joined">{t("people.sort.joinedNewest")}</option>
          <option value="joined">{t("people.sort.joinedOldest")}</option>
          <option value="email">{t("people.sort.email")}</option>
          <option value="status">{t("people.sort.status")}</option>
        </Select>
      </div>

      {members.isPending ? (
        <p role="status">{t("common.loading")}</p>
      ) : members.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t("people.loadFailed")}
          <Button size="sm" variant="outline" onClick={() => void members.refetch()}>
            {t("people.retry")}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {debounced || status ? t("people.noMatch") : t(ROLE_TEXT[role].empty)}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t("people.memberCount", { count: members.data.total })}
          </p>
          {/* Phones: one card per member. */}
          <ul className="grid gap-3 md:hidden">
            {rows.map((member) => (
              <li key={member.id} className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex items-start gap-2">
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <MemberName member={member} you={member.id === currentProfileId} />
                  </div>
                  <RowTools
                    member={member}
                    isAdmin={isAdmin}
                    onHistory={() => setHistory(member)}
                    onActivity={educators ? undefined : () => setActivity(member)}
                    onAction={(action) => choose(action, member)}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  <StatusCell member={member} />
                  {educators && member.is_admin && <Badge tone="blue">{t("people.admin")}</Badge>}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
                  {educators && (
                    <>
                      <dt>{t("people.col.jobTitle")}</dt>
                      <dd>{member.job_title || "—"}</dd>
                    </>
                  )}
                  <dt>{t("people.col.invitedBy")}</dt>
                  <dd>{member.invited_by ?? "—"}</dd>
                  <dt>{t("people.col.joined")}</dt>
                  <dd>{member.joined ? formatDate(member.joined, locale) : "—"}</dd>
                  {educators && (
                    <>
                      <dt>{t("people.col.survey")}</dt>
                      <dd>{t(member.has_pandai_survey_account ? "people.yes" : "people.no")}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t(ROLE_TEXT[role].title)}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="min-w-60 px-4 py-3">
                    {t("people.col.name")}
                  </th>
                  {educators && (
                    <th scope="col" className="px-4 py-3">
                      {t("people.col.jobTitle")}
                    </th>
                  )}
                  {educators && (
                    <th scope="col" className="px-4 py-3">
                      {t("people.col.admin")}
                    </th>
                  )}
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.status")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.invitedBy")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("people.col.joined")}
                  </th>
                  {educators && (
                    <th scope="col" className="px-4 py-3">
                      {t("people.col.survey")}
                    </th>
                  )}
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("people.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((member) => (
                  <tr key={member.id} className="align-top">
                    <td className="px-4 py-3">
                      <div className="grid gap-0.5">
                        <MemberName member={member} you={member.id === currentProfileId} />
                      </div>
                    </td>
                    {educators && <td className="px-4 py-3">{member.job_title || "—"}</td>}
                    {educators && (
                      <td className="px-4 py-3">
                        {member.is_admin ? (
                          <Badge tone="blue">{t("people.admin")}</Badge>
                        ) : (
                          <span className="text-slate-500">{t("people.no")}</span>
                        )}
                      </td>
                    )}
                    <td className="px-4 py-3">
                      <StatusCell member={member} />
                    </td>
                    <td className="px-4 py-3">{member.invited_by ?? "—"}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      {member.joined ? formatDate(member.joined, locale) : "—"}
                    </td>
                    {educators && (
                      <td className="px-4 py-3">
                        {t(member.has_pandai_survey_account ? "people.yes" : "people.no")}
                      </td>
                    )}
                    <td className="px-2 py-2">
                      <RowTools
                        member={member}
                        isAdmin={isAdmin}
                        onHistory={() => setHistory(member)}
                        onActivity={educators ? undefined : () => setActivity(member)}
                        onAction={(action) => choose(action, member)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} limit={PAGE_SIZE} total={members.data.total} onPage={setPage} />
        </>
      )}

      <HistoryDialog member={history} onClose={() => setHistory(null)} />
      <ActivityDialog member={activity} onClose={() => setActivity(null)} />
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

function RowTools({
  member,
  isAdmin,
  onHistory,
  onActivity,
  onAction,
}: {
  member: Member;
  isAdmin: boolean;
  onHistory: () => void;
  /** Learners only: open their assignments, results and surveys. */
  onActivity?: () => void;
  onAction: (action: Action) => void;
}) {
  const t = useT();
  const actions = isAdmin ? actionsFor(member) : [];
  return (
    <div className="flex justify-end gap-1">
      {onActivity && (
        <Button
          size="icon"
          variant="ghost"
          className="h-9 w-9"
          aria-label={t("people.activity.open", { name: member.name })}
          title={t("people.activity.open", { name: member.name })}
          onClick={onActivity}
        >
          <ClipboardList className="h-4 w-4" />
        </Button>
      )}
      <Button
        size="icon"
        variant="ghost"
        className="h-9 w-9"
        aria-label={t("people.history.open", { name: member.name })}
        title={t("people.history.open", { name: member.name })}
        onClick={onHistory}
      >
        <History className="h-4 w-4" />
      </Button>
      {actions.length > 0 && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button
              size="icon"
              variant="ghost"
              className="h-9 w-9"
              aria-label={t("people.actionsFor", { name: member.name })}
            >
              <MoreHorizontal className="h-4 w-4" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
            >
              {actions.map((action) => (
                <DropdownMenu.Item
                  key={action}
                  onSelect={() => onAction(action)}
                  className={`cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 ${
                    CONFIRMED[action] ? "text-red-700" : "text-slate-700"
                  }`}
                >
                  {t(LABEL[action])}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </div>
  );
}
