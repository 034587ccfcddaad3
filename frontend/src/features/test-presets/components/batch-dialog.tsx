/** Add or change a batch of a preset in a dialog: name, start and expiry, slots (not below what
 * is already sold or reserved). */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useSaveBatch } from "../api/save-batch";
import type { Batch } from "../api/types";
import { oneOf, useFormSubmit } from "../hooks/use-form-submit";
import { checkPeriod, isoFromLocal, localFromIso } from "./dates";
import { FormDialog } from "./form-dialog";
import { InputField, PeriodFields } from "./form-fields";
import type { Translate } from "./preset-schema";

/** The batch rules of the server (expiry later than start; 1 to 100000 slots, not fewer than
 * already sold or reserved). */
export function batchSchema(t: Translate, sold = 0) {
  return z
    .object({ name: z.string(), starts_at: z.string(), expires_at: z.string(), slots: z.string() })
    .superRefine((v, ctx) => {
      const issue = (path: string, id: MessageId, values?: Record<string, number>) =>
        ctx.addIssue({ code: "custom", path: [path], message: t(id, values) });
      checkPeriod(v, issue, "tests.validation.expiryAfterStart");
      const slots = v.slots.trim();
      if (!/^\d+$/.test(slots) || Number(slots) < 1 || Number(slots) > 100000)
        issue("slots", "tests.validation.slots");
      else if (Number(slots) < sold) issue("slots", "tests.validation.slotsSold", { n: sold });
    });
}
type BatchValues = z.infer<ReturnType<typeof batchSchema>>;
const FIELDS = ["name", "starts_at", "expires_at", "slots"] as const;

export function BatchDialog({
  presetId,
  batch,
  onClose,
}: {
  presetId: number;
  batch: Batch | null;
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveBatch(presetId);
  const sold = batch ? batch.pending + batch.taken : 0;
  const form = useForm<BatchValues>({
    resolver: zodResolver(batchSchema(t, sold)),
    defaultValues: {
      name: batch?.name ?? "",
      starts_at: localFromIso(batch?.starts_at),
      expires_at: localFromIso(batch?.expires_at),
      slots: batch ? String(batch.slots) : "",
    },
  });
  const { failure, onSubmit } = useFormSubmit({
    setError: form.setError,
    shows: oneOf(FIELDS),
    save: (values: BatchValues) =>
      save.mutateAsync({
        batchId: batch?.id ?? null,
        body: {
          name: values.name.trim(),
          starts_at: isoFromLocal(values.starts_at),
          expires_at: isoFromLocal(values.expires_at),
          slots: Number(values.slots),
        },
      }),
    onSaved: () => {
      toast({ variant: "success", title: t("tests.batch.saved") });
      onClose();
    },
  });

  return (
    <FormDialog
      title={t(batch ? "tests.batch.editTitle" : "tests.batch.addTitle")}
      description={batch ? t("tests.batch.soldNote", { n: sold }) : undefined}
      failure={failure}
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <InputField form={form} name="name" id="batch-name" label={t("tests.batch.name")} />
      <PeriodFields
        form={form}
        ids={["batch-starts", "batch-expires"]}
        labels={[t("tests.batch.startsAt"), t("tests.batch.expiresAt")]}
      />
      <InputField
        form={form}
        name="slots"
        id="batch-slots"
        type="number"
        inputMode="numeric"
        min={Math.max(1, sold)}
        label={t("tests.batch.slots")}
      />
    </FormDialog>
  );
}
