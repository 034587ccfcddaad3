/** A dialog holding one form: the server's message above the fields, Cancel and Save below. */
import type { FormEventHandler, ReactNode } from "react";

import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/intl";

import type { Failure } from "../hooks/use-form-submit";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { FormAlert } from "./form-alert";

export function FormDialog({
  title,
  description,
  size,
  failure,
  busy,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  description?: string;
  size?: "md" | "lg";
  failure: Failure;
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open
      size={size}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      closeLabel={t("common.close")}
    >
      <form noValidate className="grid gap-4" onSubmit={onSubmit}>
        <FormAlert message={failure.message} items={failure.items} />
        {children}
        <DialogButtons onCancel={onClose} busy={busy} />
      </form>
    </Dialog>
  );
}
