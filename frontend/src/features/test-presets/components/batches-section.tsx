/** A preset's batches: the name linked to the batch's page (its learners, live progress, gradebook
 * and item analysis; issue 19), start and expiry times, slots, and the read-only available /
 * pending / taken figures (changed only by purchases) with a small bar; add or edit in a dialog,
 * delete after confirmation (the server refuses while someone bought or reserved a slot). */
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { SectionCard } from "@/components/ui/section-card";

import { useDeleteBatch } from "../api/delete-batch";
import type { Batch } from "../api/types";
import { BatchDialog } from "./batch-dialog";
import { IconButton } from "./icon-button";
import { SlotBar } from "./slot-bar";

export function BatchesSection({ presetId, batches }: { presetId: number; batches: Batch[] }) {
  const t = useT();
  const { locale } = useLanguage();
  const [editing, setEditing] = useState<Batch | "new" | null>(null);
  const [deleting, setDeleting] = useState<Batch | null>(null);
  const remove = useDeleteBatch(presetId);
  const number = (n: number) => formatNumber(n, locale);
  return (
    <SectionCard
      id="batches-heading"
      title={t("tests.batches")}
      intro={t("tests.batchesHint")}
      aside={
        <Button variant="outline" onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" /> {t("tests.batch.add")}
        </Button>
      }
    >
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
                  <Link
                    to={`/assignment/batch-detail/${batch.id}`}
                    className="text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    {name}
                  </Link>
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
                  <IconButton
                    icon={Pencil}
                    label={t("tests.batch.edit", { name })}
                    onClick={() => setEditing(batch)}
                  />
                  <IconButton
                    icon={Trash2}
                    label={t("tests.batch.delete", { name })}
                    onClick={() => setDeleting(batch)}
                  />
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
    </SectionCard>
  );
}
