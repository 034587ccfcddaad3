/** A modal panel from the left edge (the sidebar on phones): focus moves in and stays in, Escape
 * and a click outside close it, and focus returns to its opener (the menu button) like every
 * dialog of the app (issue 18). */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";

import { useReturnFocus } from "@/lib/focus";

export function Drawer({
  open,
  onOpenChange,
  label,
  closeLabel,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel's accessible name (not shown). */
  label: string;
  closeLabel: string;
  children: ReactNode;
  /** Classes of the overlay and panel's wrapper (e.g. lg:hidden). */
  className?: string;
}) {
  const restoreFocus = useReturnFocus(open);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <div className={className}>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            onCloseAutoFocus={restoreFocus}
            className="fixed inset-y-0 left-0 z-50 w-64 overflow-y-auto bg-white shadow-xl"
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            <div className="flex justify-end p-2">
              <DialogPrimitive.Close aria-label={closeLabel} className="rounded p-2 hover:bg-slate-100">
                <X className="h-5 w-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            </div>
            {children}
          </DialogPrimitive.Content>
        </div>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
