/** /educator and /learner: members and invitations of one role in two tabs, and for learners a
 * third, their consent (decision 0048: who has not re-consented to a new version of the notices);
 * organization admins invite (one or several e-mails; learners also from a spreadsheet). */
import { FileUp, UserPlus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { PeopleRole } from "../api/types";
import { ConsentPanel } from "./consent-panel";
import { ImportDialog } from "./import-dialog";
import { InvitationsPanel } from "./invitations-panel";
import { InviteDialog } from "./invite-dialog";
import { ROLE_TEXT } from "./labels";
import { MembersPanel } from "./members-panel";

type Tab = "members" | "invitations" | "consent";

export function PeoplePage({ role }: { role: PeopleRole }) {
  const t = useT();
  const me = useAuthorized().data?.user;
  const isAdmin = !!me?.is_admin;
  const [params, setParams] = useSearchParams();
  const wanted = params.get("tab");
  const tab: Tab =
    wanted === "invitations" || (wanted === "consent" && role === "LEARNER") ? wanted : "members";
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const text = ROLE_TEXT[role];

  function show(next: Tab) {
    setParams(next === "members" ? {} : { tab: next }, { replace: true });
  }

  const tabs: { id: Tab; label: string }[] = [
    { id: "members", label: t("people.tab.members") },
    { id: "invitations", label: t("people.tab.invitations") },
    ...(role === "LEARNER" ? [{ id: "consent" as const, label: t("people.tab.consent") }] : []),
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t(text.title)}</h1>
          {me?.organization && <p className="text-sm text-slate-600">{me.organization.name}</p>}
        </div>
        {isAdmin && (
          <div className="flex flex-wrap gap-2">
            {role === "LEARNER" && (
              <Button variant="outline" onClick={() => setImporting(true)}>
                <FileUp className="h-4 w-4" aria-hidden="true" />
                {t("people.import.open")}
              </Button>
            )}
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="h-4 w-4" aria-hidden="true" />
              {t(text.invite)}
            </Button>
          </div>
        )}
      </div>
      {!isAdmin && (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t("people.readOnly")}
        </p>
      )}
      <div role="tablist" aria-label={t(text.title)} className="flex gap-1 border-b border-slate-200">
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${role}-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`${role}-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => show(item.id)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                const at = tabs.findIndex((other) => other.id === tab);
                const step = e.key === "ArrowRight" ? 1 : tabs.length - 1;
                const next = tabs[(at + step) % tabs.length]!.id;
                show(next);
                document.getElementById(`${role}-tab-${next}`)?.focus();
              }
            }}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
              tab === item.id
                ? "border-blue-700 text-blue-800"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        className="min-w-0"
        id={`${role}-panel-${tab}`}
        aria-labelledby={`${role}-tab-${tab}`}
      >
        {tab === "members" ? (
          <MembersPanel role={role} isAdmin={isAdmin} currentProfileId={me?.pandai_profile_id} />
        ) : tab === "consent" ? (
          <ConsentPanel />
        ) : (
          <InvitationsPanel role={role} isAdmin={isAdmin} />
        )}
      </div>
      <InviteDialog
        role={role}
        open={inviting}
        onOpenChange={setInviting}
        onInvited={() => show("invitations")}
      />
      {role === "LEARNER" && (
        <ImportDialog open={importing} onOpenChange={setImporting} onImported={() => show("invitations")} />
      )}
    </div>
  );
}
