import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "@/lib/cn";
import { useReturnFocus, type ReturnFocus } from "@/lib/focus";

/** A controlled dialog (no Radix Trigger). On close, focus returns to the element that had it when
 * the dialog opened; when that element is gone (or cannot take focus), to `returnFocus`; else to
 * the page's main heading: never to <body> (issue 18, WCAG 2.4.3). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeLabel,
  size = "md",
  dismissible = true,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  closeLabel: string;
  /** "lg" for long forms (wider; every dialog scrolls when taller than the window). */
  size?: "md" | "lg";
  /** false for a blocking dialog that only its own buttons close (no close button, no Escape,
   * no outside click). */
  dismissible?: boolean;
  /** Where focus goes on close when the opener no longer exists (a deleted row's button). */
  returnFocus?: ReturnFocus;
}) {
  const restoreFocus = useReturnFocus(open, returnFocus);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onCloseAutoFocus={restoreFocus}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl",
            size === "lg" ? "max-w-2xl" : "max-w-md",
          )}
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          {children}
          {dismissible && (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:text-slate-900"
            >
              <X className="h-4 w-4" />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
