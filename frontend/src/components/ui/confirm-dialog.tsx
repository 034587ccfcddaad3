import { type ReturnFocus } from "@/lib/focus";

import { Dialog } from "./dialog";
import { DialogButtons } from "./dialog-buttons";

/** "Are you sure?" before a destructive action (confirmation before destruction). */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  cancelLabel,
  closeLabel,
  busy = false,
  error = "",
  returnFocus,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  busy?: boolean;
  /** The server's refusal, shown in the dialog (callers pass `silent` to the API client). */
  error?: string;
  /** Where focus goes on close when the opener is gone (the deleted row's button). */
  returnFocus?: ReturnFocus;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={title}
      description={description}
      closeLabel={closeLabel}
      returnFocus={returnFocus}
    >
      <DialogButtons
        error={error}
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
        submitLabel={confirmLabel}
        cancelLabel={cancelLabel}
        destructive
      />
    </Dialog>
  );
}
