/** /round — the programme's rounds (round 1, round 2 for those who passed round 1, ...): name,
 * dates, status (upcoming, open, closed; derived from the dates or closed by hand), the round a
 * learner must have passed first, messages for passed and failed learners in both languages.
 * Search, status filter, paging; create and edit in a dialog; close (or reopen) and delete after
 * confirmation (the server refuses to delete a round in use and says why). */
import { zodResolver } from "@hookform/resolvers/zod";
import { Lock, LockOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useCloseRound } from "../api/close-round";
import { useDeleteRound } from "../api/delete-round";
import { useAllRounds, useRounds } from "../api/get-rounds";
import { useSaveRound } from "../api/save-round";
import { ROUND_STATUSES, type Round } from "../api/types";
import { endNotAfter, isoFromLocal, localFromIso } from "../components/dates";
import { FormAlert } from "../components/form-alert";
import { roundStatusLabel } from "../components/labels";
import { Pager } from "@/components/ui/pager";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { StatusBadge } from "../components/status-badge";

const LIMIT = 20;
const ALL = "__all";

export default function RoundsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Round | "new" | null>(null);
  const [closing, setClosing] = useState<Round | null>(null);
  const [deleting, setDeleting] = useState<Round | null>(null);
  const rounds = useRounds({
    page,
    limit: LIMIT,
    search: search.trim() || undefined,
    status: status === ALL ? undefined : status,
    order_by: "-starts_at",
  });
  const all = useAllRounds();
  const close = useCloseRound();
  const remove = useDeleteRound();
  const items = rounds.data?.items ?? [];
  const filtered = search.trim() !== "" || status !== ALL;
  // Names of required rounds come from the list of every round (nothing until it arrives).
  const nameOf = (id: number | null) =>
    !id ? "—" : all.isPending ? "" : (all.data?.items.find((r) => r.id === id)?.name ?? `#${id}`);

  const [deleteError, setDeleteError] = useState("");

  function onDelete(round: Round) {
    setDeleteError("");
    remove.mutate(round.id, {
      onSuccess: () => {
        toast({ variant: "success", title: t("rounds.deleted") });
        setDeleting(null);
      },
      // A round in use (409 round_in_use) stays in the dialog with the server's reason.
      onError: (error) => setDeleteError(t("rounds.deleteFailed", { reason: error.message })),
    });
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("nav.rounds")}</h1>
          <p className="text-sm text-slate-600">{t("rounds.intro")}</p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t("rounds.new")}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,12rem)]">
        <div className="grid gap-1">
          <label htmlFor="round-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="round-search"
            type="search"
            placeholder={t("rounds.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="round-status" className="text-xs font-medium text-slate-600">
            {t("rounds.status")}
          </label>
          <Select
            id="round-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>{t("common.all")}</option>
            {ROUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(roundStatusLabel(s))}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Table label={t("nav.rounds")}>
        <Head>
          <Th>{t("rounds.field.name")}</Th>
          <Th>{t("rounds.field.startsAt")}</Th>
          <Th>{t("rounds.field.expiresAt")}</Th>
          <Th>{t("rounds.status")}</Th>
          <Th>{t("rounds.field.requiredRound")}</Th>
          <Th>
            <span className="sr-only">{t("rounds.actions")}</span>
          </Th>
        </Head>
        <Body>
          {rounds.isPending && <MessageRow colSpan={6}>{t("common.loading")}</MessageRow>}
          {rounds.isError && (
            <MessageRow colSpan={6}>
              <span role="alert">{t("rounds.loadFailed")}</span>
            </MessageRow>
          )}
          {rounds.isSuccess && items.length === 0 && (
            <MessageRow colSpan={6}>{t(filtered ? "rounds.noMatches" : "rounds.empty")}</MessageRow>
          )}
          {items.map((round) => (
            <Tr key={round.id}>
              <Td className="font-medium max-md:text-base">{round.name}</Td>
              <Td label={t("rounds.field.startsAt")}>{formatDateTime(round.starts_at, locale)}</Td>
              <Td label={t("rounds.field.expiresAt")}>{formatDateTime(round.expires_at, locale)}</Td>
              <Td label={t("rounds.status")}>
                <StatusBadge kind="round" status={round.status} />
                {round.closed_at && (
                  <span className="ml-1 text-xs text-slate-500">{t("rounds.closedByHand")}</span>
                )}
              </Td>
              <Td label={t("rounds.field.requiredRound")}>{nameOf(round.required_round_id)}</Td>
              <Td className="whitespace-nowrap max-md:justify-end">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t("rounds.edit", { name: round.name })}
                  onClick={() => setEditing(round)}
                >
                  <Pencil className="h-4 w-4" />
                </Button>
                {round.closed_at ? (
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("rounds.reopen", { name: round.name })}
                    disabled={close.isPending}
                    onClick={() =>
                      close.mutate(
                        { id: round.id, closed: false },
                        { onSuccess: () => toast({ variant: "success", title: t("rounds.reopened") }) },
                      )
                    }
                  >
                    <LockOpen className="h-4 w-4" />
                  </Button>
                ) : (
                  round.status !== "closed" && (
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t("rounds.close", { name: round.name })}
                      onClick={() => setClosing(round)}
                    >
                      <Lock className="h-4 w-4" />
                    </Button>
                  )
                )}
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t("rounds.delete", { name: round.name })}
                  onClick={() => setDeleting(round)}
                >
                  <Trash2 className="h-4 w-4" />
                </Button>
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {rounds.data && (
        <Pager page={page} limit={rounds.data.limit} total={rounds.data.total} onPage={setPage} />
      )}
      {editing !== null && (
        <RoundDialog
          round={editing === "new" ? null : editing}
          rounds={all.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={closing !== null}
        onCancel={() => setClosing(null)}
        onConfirm={() =>
          closing &&
          close.mutate(
            { id: closing.id, closed: true },
            {
              onSuccess: () => toast({ variant: "success", title: t("rounds.closed") }),
              onSettled: () => setClosing(null),
            },
          )
        }
        busy={close.isPending}
        title={t("rounds.closeTitle")}
        description={t("rounds.closeBody", { name: closing?.name ?? "" })}
        confirmLabel={t("rounds.closeConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => {
          setDeleting(null);
          setDeleteError("");
        }}
        onConfirm={() => deleting && onDelete(deleting)}
        busy={remove.isPending}
        error={deleteError}
        title={t("rounds.deleteTitle")}
        description={t("rounds.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** The round rules of the server: a name, both dates, expiry later than start. */
export function roundSchema(t: T) {
  return z
    .object({
      name: z.string(),
      starts_at: z.string(),
      expires_at: z.string(),
      required_round_id: z.string(),
      passed_message_vi: z.string(),
      passed_message_en: z.string(),
      failed_message_vi: z.string(),
      failed_message_en: z.string(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, id: MessageId) =>
        ctx.addIssue({ code: "custom", path: [path], message: t(id) });
      if (!v.name.trim()) issue("name", "validation.required");
      if (!v.starts_at) issue("starts_at", "validation.required");
      if (!v.expires_at) issue("expires_at", "validation.required");
      else if (endNotAfter(v.starts_at, v.expires_at))
        issue("expires_at", "rounds.validation.expiryAfterStart");
    });
}
type RoundValues = z.infer<ReturnType<typeof roundSchema>>;
const FIELDS = [
  "name",
  "starts_at",
  "expires_at",
  "required_round_id",
  "passed_message_vi",
  "passed_message_en",
  "failed_message_vi",
  "failed_message_en",
] as const;

const textarea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200";

function RoundDialog({
  round,
  rounds,
  onClose,
}: {
  round: Round | null;
  rounds: Round[];
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveRound();
  const [failure, setFailure] = useState("");
  const form = useForm<RoundValues>({
    resolver: zodResolver(roundSchema(t)),
    defaultValues: {
      name: round?.name ?? "",
      starts_at: localFromIso(round?.starts_at),
      expires_at: localFromIso(round?.expires_at),
      required_round_id: round?.required_round_id ? String(round.required_round_id) : NONE,
      passed_message_vi: round?.passed_message_vi ?? "",
      passed_message_en: round?.passed_message_en ?? "",
      failed_message_vi: round?.failed_message_vi ?? "",
      failed_message_en: round?.failed_message_en ?? "",
    },
  });
  const errors = form.formState.errors;

  async function onSubmit(v: RoundValues) {
    setFailure("");
    try {
      await save.mutateAsync({
        id: round?.id ?? null,
        body: {
          ...v,
          name: v.name.trim(),
          starts_at: isoFromLocal(v.starts_at),
          expires_at: isoFromLocal(v.expires_at),
          required_round_id: v.required_round_id === NONE ? null : Number(v.required_round_id),
        },
      });
      toast({ variant: "success", title: t("rounds.saved") });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t("common.unknownError"));
      for (const [field, messages] of Object.entries(error.errors)) {
        if ((FIELDS as readonly string[]).includes(field) && messages[0])
          form.setError(field as Path<RoundValues>, { type: "server", message: messages[0] });
      }
      setFailure(error.message);
    }
  }

  const message = (name: (typeof FIELDS)[number], label: string) => (
    <Field label={label} htmlFor={`round-${name}`} error={errors[name]?.message}>
      <textarea id={`round-${name}`} rows={2} className={textarea} {...form.register(name)} />
    </Field>
  );

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={t(round ? "rounds.editTitle" : "rounds.newTitle")}
      closeLabel={t("common.close")}
    >
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
        <FormAlert message={failure} />
        <Field label={t("rounds.field.name")} htmlFor="round-name" error={errors.name?.message}>
          <Input id="round-name" aria-invalid={!!errors.name} {...form.register("name")} />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label={t("rounds.field.startsAt")}
            htmlFor="round-starts_at"
            error={errors.starts_at?.message}
          >
            <Input
              id="round-starts_at"
              type="datetime-local"
              aria-invalid={!!errors.starts_at}
              {...form.register("starts_at")}
            />
          </Field>
          <Field
            label={t("rounds.field.expiresAt")}
            htmlFor="round-expires_at"
            error={errors.expires_at?.message}
          >
            <Input
              id="round-expires_at"
              type="datetime-local"
              aria-invalid={!!errors.expires_at}
              {...form.register("expires_at")}
            />
          </Field>
        </div>
        <Field
          label={t("rounds.field.requiredRound")}
          htmlFor="round-required_round_id"
          error={errors.required_round_id?.message}
          hint={t("rounds.requiredRoundHint")}
        >
          <Select id="round-required_round_id" {...form.register("required_round_id")}>
            <option value={NONE}>{t("rounds.noRequiredRound")}</option>
            {rounds
              .filter((r) => r.id !== round?.id)
              .map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.name}
                </option>
              ))}
          </Select>
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {message("passed_message_vi", t("rounds.field.passedVi"))}
          {message("passed_message_en", t("rounds.field.passedEn"))}
          {message("failed_message_vi", t("rounds.field.failedVi"))}
          {message("failed_message_en", t("rounds.field.failedEn"))}
        </div>
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
