/** A member row's buttons: the learner's activity, the membership history, and (organization
 * admins) the menu of actions. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ClipboardList, History, MoreHorizontal, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";
import { menuContent } from "@/components/ui/menu";

import type { Member } from "../api/types";
import { actionsFor, CONFIRMED, LABEL, type Action } from "./member-actions";

export function MemberTools({
  member,
  isAdmin,
  onHistory,
  onActivity,
  onConsent,
  onAction,
}: {
  member: Member;
  isAdmin: boolean;
  onHistory: () => void;
  /** Learners only: open their assignments, results and surveys. */
  onActivity?: () => void;
  /** Learners only: their consent and the parent's (issue 24, item 1). */
  onConsent?: () => void;
  onAction: (action: Action) => void;
}) {
  const t = useT();
  const actions = isAdmin ? actionsFor(member) : [];
  return (
    <div className="flex justify-end gap-1">
      {onActivity && (
        <IconButton label={t("people.activity.open", { name: member.name })} onClick={onActivity}>
          <ClipboardList className="h-4 w-4" />
        </IconButton>
      )}
      {onConsent && (
        <IconButton label={t("people.consent.open", { name: member.name })} onClick={onConsent}>
          <ShieldCheck className="h-4 w-4" />
        </IconButton>
      )}
      <IconButton label={t("people.history.open", { name: member.name })} onClick={onHistory}>
        <History className="h-4 w-4" />
      </IconButton>
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
            <DropdownMenu.Content align="end" sideOffset={4} className={menuContent}>
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

/** A small ghost button named (and titled) by `label` (also the consent tab's, decision 0048). */
export function IconButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className="h-9 w-9"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
