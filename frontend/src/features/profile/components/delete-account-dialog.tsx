/** "Delete my account": the button and its dialog asking for the password (issue 24, item 5).
 * The server checks it like a login (wrong -> `wrong_password` on the field, too many ->
 * `login_rate_limited` above the buttons) and schedules the deletion after the grace period. */
import { useState, type RefObject } from "react";
import { useForm } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";

import { useScheduleDeletion } from "../api/schedule-deletion";

export function DeleteAccountDialog({
  graceDays,
  returnFocus,
  canOpen,
}: {
  graceDays: number;
  returnFocus: RefObject<HTMLElement | null>;
  /** False once a deletion is scheduled: the button goes, the dialog stays to close. */
  canOpen: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const schedule = useScheduleDeletion();
  const form = useForm<{ password: string }>({ defaultValues: { password: "" } });

  function close() {
    setOpen(false);
    setError("");
    form.reset();
  }

  async function onSubmit({ password }: { password: string }) {
    setError("");
    if (!password) {
      form.setError("password", { type: "required", message: t("profile.data.passwordRequired") });
      return;
    }
    try {
      await schedule.mutateAsync(password);
      close();
    } catch (failure) {
      const message = applyServerErrors(failure, form.setError, ["password"]);
      const onField = failure instanceof ApiError && failure.errors.password;
      if (!onField) setError(message || t("profile.data.deleteFailed"));
    }
  }

  return (
    <>
      {canOpen && (
        <Button className="w-fit" variant="destructive" onClick={() => setOpen(true)}>
          {t("profile.data.deleteOpen")}
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t("profile.data.deleteDialogTitle")}
        description={t("profile.data.deleteDialogBody", { days: graceDays })}
        closeLabel={t("common.close")}
        returnFocus={returnFocus}
      >
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
          <Field
            label={t("field.password")}
            htmlFor="delete-password"
            error={form.formState.errors.password?.message}
          >
            <Input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              maxLength={4096}
              aria-invalid={form.formState.errors.password ? true : undefined}
              {...form.register("password")}
            />
          </Field>
          <DialogButtons
            onCancel={close}
            busy={schedule.isPending}
            error={error}
            submitLabel={t("profile.data.deleteConfirm")}
            destructive
          />
        </form>
      </Dialog>
    </>
  );
}
