/** Create a bank (top level), a folder (inside `parentId`) or rename one; the server checks the
 * name (required, unique in its place: 409 `bank_name_taken`) and its message shows under the
 * field, which it describes. */
import { useState } from "react";
import { useForm } from "react-hook-form";

import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";
import { DialogButtons } from "@/components/ui/dialog-buttons";

import { useSaveBank } from "../api/save-bank";
import type { Bank } from "../api/types";

export function BankDialog({
  bank,
  parentId,
  onClose,
}: {
  /** "new" to create, a bank to rename, null when closed. */
  bank: Bank | "new" | null;
  parentId: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const current = bank !== "new" && bank ? bank : null;
  return (
    <Dialog
      open={bank !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(current ? "qb.renameTitle" : parentId ? "qb.newFolder" : "qb.newBank")}
      closeLabel={t("common.close")}
    >
      {bank !== null && (
        <BankForm key={current?.id ?? "new"} current={current} parentId={parentId} onClose={onClose} />
      )}
    </Dialog>
  );
}

function BankForm({
  current,
  parentId,
  onClose,
}: {
  current: Bank | null;
  parentId: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveBank();
  const [failure, setFailure] = useState("");
  const form = useForm<{ name: string }>({ defaultValues: { name: current?.name ?? "" } });
  const error = form.formState.errors.name?.message || failure;

  const onSubmit = form.handleSubmit(({ name }) => {
    setFailure("");
    save.mutate(
      current ? { id: current.id, name: name || current.name } : { id: null, name, parent_id: parentId },
      {
        onSuccess: onClose,
        onError: (e) => setFailure(applyServerErrors(e, form.setError, ["name"]) || t("common.unknownError")),
      },
    );
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
      <Field label={t("qb.bankName")} htmlFor="bank-name" error={error}>
        <Input
          id="bank-name"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself (WAI-ARIA dialog pattern); the name is its only field
          autoFocus
          aria-invalid={!!error}
          aria-describedby={error ? "bank-name-error" : undefined}
          {...form.register("name")}
        />
      </Field>
      <DialogButtons onCancel={onClose} busy={save.isPending} />
    </form>
  );
}
