/** A preset's batches: start and expiry times, slots, and the read-only available / pending /
 * taken figures (changed only by purchases) with a small bar; add or edit in a dialog, delete
 * after confirmation (the server refuses while someone bought or reserved a slot). */
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useDeleteBatch } from "../api/delete-batch";
import { useSaveBatch } from "../api/save-batch";
import type { Batch } from "../api/types";
import { endNotAfter, isoFromLocal, localFromIso } from "./dates";
import { FormAlert } from "./form-alert";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { SlotBar } from "./slot-bar";

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** The batch rules of the server (expiry later than start; 1 to 100000 slots, not fewer than
 * already sold or reserved). */
export function batchSchema(t: T, sold = 0) {
  return z
    .object({ name: z.string(), starts_at: z.string(), expires_at: z.string(), slots: z.string() })
    .superRefine((v, ctx) => {
      const issue = (path: string, id: MessageId, values?: Record<string, number>) =>
        ctx.addIssue({ code: "custom", path: [path], message: t(id, values) });
      if (!v.starts_at) issue("starts_at", "validation.required");
      if (!v.expires_at) issue("expires_at", "validation.required");
      else if (endNotAfter(v.starts_at, v.expires_at))
        issue("expires_at", "tests.validation.expiryAfterStart");
      const slots = v.slots.trim();
      if (!/^\d+$/.test(slots) || Number(slots) < 1 || Number(slots) > 100000)
        issue("slots", "tests.validation.slots");
      else if (Number(slots) < sold) issue("slots", "tests.validation.slotsSold", { n: sold });
    });
}
type BatchValues = z.infer<ReturnType<typeof batchSchema>>;

export function BatchesSection({ presetId, batches }: { presetId: number; batches: Batch[] }) {
  const t = useT();
  const { locale } = useLanguage();
  const [editing, setEditing] = useState<Batch | "new" | null>(null);
  const [deleting, setDeleting] = useState<Batch | null>(null);
  const remove = useDeleteBatch(presetId);
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <section
      aria-labelledby="batches-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="batches-heading" className="font-semibold">
            {t("tests.batches")}
          </h2>
          <p className="text-sm text-slate-600">{t("tests.batchesHint")}</p>
        </div>
        <Button variant="outline" onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" /> {t("tests.batch.add")}
        </Button>
      </div>
      <Table label={t("tests.batches")}>
        <Head>
          <Th>{t("tests.batch.name")}</Th>
          <Th>{t("tests.batch.startsAt")}</Th>
          <Th>{t("tests.batch.expiresAt")}</Th>
          <Th className="text-right">{t("tests.batch.slots")}</Th>
          <Th className="text-right">{t("tests.batch.available")}</Th>
          <Th className="text-right">{t("tests.batch.pending")}</Th>
          <Th className="text-right">{t("tests.batch.taken")}</Th>
          <Th>{t("tests.batch.fill")}</Th>
          <Th>
            <span className="sr-only">{t("tests.actions")}</span>
          </Th>
        </Head>
        <Body>
          {batches.length === 0 && <MessageRow colSpan={9}>{t("tests.batch.none")}</MessageRow>}
          {batches.map((batch, index) => {
            const name = batch.name || t("tests.batch.unnamed", { n: index + 1 });
            return (
              <Tr key={batch.id}>
                <Td label={t("tests.batch.name")} className="font-medium">
                  {name}
                  {batch.low_slot && (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      {t("tests.batch.lowSlot")}
                    </span>
                  )}
                </Td>
                <Td label={t("tests.batch.startsAt")}>{formatDateTime(batch.starts_at, locale)}</Td>
                <Td label={t("tests.batch.expiresAt")}>{formatDateTime(batch.expires_at, locale)}</Td>
                <Td label={t("tests.batch.slots")} className="md:text-right">
                  {number(batch.slots)}
                </Td>
                <Td label={t("tests.batch.available")} className="md:text-right">
                  {number(batch.available)}
                </Td>
                <Td label={t("tests.batch.pending")} className="md:text-right">
                  {number(batch.pending)}
                </Td>
                <Td label={t("tests.batch.taken")} className="md:text-right">
                  {number(batch.taken)}
                </Td>
                <Td label={t("tests.batch.fill")}>
                  <SlotBar batch={batch} />
                </Td>
                <Td className="whitespace-nowrap max-md:justify-end">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("tests.batch.edit", { name })}
                    onClick={() => setEditing(batch)}
                  >
                    <Pencil className="h-4 w-4" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("tests.batch.delete", { name })}
                    onClick={() => setDeleting(batch)}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </Td>
              </Tr>
            );
          })}
        </Body>
      </Table>
      <p className="flex flex-wrap gap-4 text-xs text-slate-500" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="h-2 w-3 rounded-sm bg-blue-700" /> {t("tests.batch.taken")}
        </span>
        <span className="flex items-center gap-1">
          <span className="h-2 w-3 rounded-sm bg-amber-400" /> {t("tests.batch.pending")}
        </span>
        <span className="flex items-center gap-1">
          <span className="h-2 w-3 rounded-sm bg-emerald-100" /> {t("tests.batch.available")}
        </span>
      </p>
      {editing !== null && (
        <BatchDialog
          presetId={presetId}
          batch={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ variant: "success", title: t("tests.batch.deleted") }),
            onSettled: () => setDeleting(null),
          })
        }
        busy={remove.isPending}
        title={t("tests.batch.deleteTitle")}
        description={t("tests.batch.deleteBody", { name: deleting?.name || t("tests.batch.thisBatch") })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </section>
  );
}

function BatchDialog({
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
  const [failure, setFailure] = useState("");
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
  const errors = form.formState.errors;

  async function onSubmit(values: BatchValues) {
    setFailure("");
    try {
      await save.mutateAsync({
        batchId: batch?.id ?? null,
        body: {
          name: values.name.trim(),
          starts_at: isoFromLocal(values.starts_at),
          expires_at: isoFromLocal(values.expires_at),
          slots: Number(values.slots),
        },
      });
      toast({ variant: "success", title: t("tests.batch.saved") });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t("common.unknownError"));
      for (const [field, messages] of Object.entries(error.errors)) {
        if (["name", "starts_at", "expires_at", "slots"].includes(field) && messages[0])
          form.setError(field as Path<BatchValues>, { type: "server", message: messages[0] });
      }
      setFailure(error.message);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(batch ? "tests.batch.editTitle" : "tests.batch.addTitle")}
      description={batch ? t("tests.batch.soldNote", { n: sold }) : undefined}
      closeLabel={t("common.close")}
    >
      <form noValidate className="grid gap-3" onSubmit={form.handleSubmit(onSubmit)}>
        <FormAlert message={failure} />
        <Field label={t("tests.batch.name")} htmlFor="batch-name" error={errors.name?.message}>
          <Input id="batch-name" {...form.register("name")} />
        </Field>
        <Field label={t("tests.batch.startsAt")} htmlFor="batch-starts" error={errors.starts_at?.message}>
          <Input
            id="batch-starts"
            type="datetime-local"
            aria-invalid={!!errors.starts_at}
            {...form.register("starts_at")}
          />
        </Field>
        <Field label={t("tests.batch.expiresAt")} htmlFor="batch-expires" error={errors.expires_at?.message}>
          <Input
            id="batch-expires"
            type="datetime-local"
            aria-invalid={!!errors.expires_at}
            {...form.register("expires_at")}
          />
        </Field>
        <Field label={t("tests.batch.slots")} htmlFor="batch-slots" error={errors.slots?.message}>
          <Input
            id="batch-slots"
            type="number"
            inputMode="numeric"
            min={Math.max(1, sold)}
            aria-invalid={!!errors.slots}
            {...form.register("slots")}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
