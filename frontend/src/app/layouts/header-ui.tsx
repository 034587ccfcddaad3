/** The header's parts that its first paint does not need (decision 0038): the user menu (Radix
 * DropdownMenu, with Floating UI) and the tooltips of its icon links. `header.tsx` shows plain
 * controls that look and are named the same until this chunk came (`components/deferred.tsx`). */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment, type ReactNode } from "react";

import { Lang } from "@/components/lang";
import { menuContent } from "@/components/ui/menu";

export { Tooltip, TooltipProvider } from "@/components/ui/tooltip";

export type UserMenuItem = {
  key: string;
  icon: ReactNode;
  label: string;
  dot?: boolean;
  onSelect: () => void;
};

/** The avatar's menu: who is signed in (name, role, organization), then `items` in groups (a
 * separator before each group). `defaultOpen` when the learner clicked the avatar before this chunk
 * came. */
export function UserMenu({
  triggerClassName,
  trigger,
  triggerLabel,
  name,
  role,
  organization,
  groups,
  defaultOpen,
}: {
  triggerClassName: string;
  trigger: ReactNode;
  triggerLabel: string;
  name: string;
  role: string;
  organization?: string;
  groups: UserMenuItem[][];
  defaultOpen: boolean;
}) {
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe
    // aria-hidden-focus); Escape and an outside click still close it.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContent}>
          <div className="px-3 py-2">
            <p className="text-sm font-semibold">
              <Lang>{name}</Lang>
            </p>
            <p className="text-xs text-slate-500">
              {role}
              {organization && (
                <>
                  {" · "}
                  <Lang>{organization}</Lang>
                </>
              )}
            </p>
          </div>
          {groups.map((group) => (
            <Fragment key={group.map((item) => item.key).join()}>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <DropdownMenu.Group>
                {group.map((item) => (
                  <DropdownMenu.Item
                    key={item.key}
                    onSelect={item.onSelect}
                    className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
                  >
                    {item.icon}
                    <span className="flex-1">{item.label}</span>
                    {item.dot && <span className="h-2 w-2 rounded-full bg-red-600" />}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
