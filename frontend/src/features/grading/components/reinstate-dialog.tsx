/** "Reinstate" a voided result: a required reason, recorded with the attempt (POST
 * /api/v1/attempts/{id}/reinstate). */
import { useId, useState } from "react";

import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useReinstateAttempt } from "../api/reinstate-attempt";

export function ReinstateDialog({
  attemptId,
  open,
  onClose,
}: {
  attemptId: number;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const reinstate = useReinstateAttempt();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [formError, setFormError] = useState("");
  const close = () => {
    setReason("");
    setError("");
    setFormError("");
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={t("grading.detail.reinstateTitle")}
      description={t("grading.detail.reinstateText")}
      closeLabel={t("common.close")}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setFormError("");
          if (!reason.trim()) {
            setError(t("grading.detail.reasonRequired"));
            return;
          }
          reinstate.mutate(
            { id: attemptId, reason: reason.trim() },
            {
              onSuccess: () => {
                toast({ variant: "success", title: t("grading.detail.reinstated") });
                close();
              },
              onError: (e) => {
                if (e instanceof ApiError && e.errors.reason?.length) setError(e.errors.reason.join(" "));
                else setFormError(e.message || t("common.unknownError"));
              },
            },
          );
        }}
      >
        <Field label={t("grading.detail.reason")} htmlFor={`${id}-reason`} error={error}>
          <textarea
            id={`${id}-reason`}
            rows={4}
            maxLength={2000}
            value={reason}
            aria-invalid={!!error}
            required
            onChange={(e) => {
              setReason(e.target.value);
              setError("");
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500"
          />
        </Field>
        <DialogButtons
          error={formError}
          busy={reinstate.isPending}
          submitLabel={reinstate.isPending ? t("common.working") : t("grading.detail.reinstate")}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}
