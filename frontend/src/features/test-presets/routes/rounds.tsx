/** /round — the programme's rounds (round 1, round 2 for those who passed round 1, ...): name,
 * dates, status (upcoming, open, closed; derived from the dates or closed by hand), the round a
 * learner must have passed first, messages for passed and failed learners in both languages.
 * Search, status filter, paging; create and edit in a dialog; close (or reopen) and delete after
 * confirmation (the server refuses to delete a round in use and says why). */
import { useQuery } from "@tanstack/react-query";
import { Lock, LockOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { Lang } from "@/components/lang";
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useCloseRound } from "../api/close-round";
import { useDeleteRound } from "../api/delete-round";
import { allRoundsQuery, roundsQuery } from "../api/get-rounds";
import { ROUND_STATUSES, type Round } from "../api/types";
import { IconButton } from "../components/icon-button";
import { roundStatusLabel } from "../components/labels";
import { RoundDialog } from "../components/round-dialog";
import { StatusBadge } from "../components/status-badge";

const LIMIT = 20;

export default function RoundsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const { values, page, filtered, set } = useListParams({ search: "", status: "" });
  const [editing, setEditing] = useState<Round | "new" | null>(null);
  const [closing, setClosing] = useState<Round | null>(null);
  const [deleting, setDeleting] = useState<Round | null>(null);
  const rounds = useQuery(
    roundsQuery({
      page,
      limit: LIMIT,
      search: values.search.trim() || undefined,
      status: values.status || undefined,
      order_by: "-starts_at",
    }),
  );
  const all = useQuery(allRoundsQuery());
  const close = useCloseRound();
  const remove = useDeleteRound();
  const items = rounds.data?.items ?? [];
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
      <ListToolbar>
        <SearchFilter
          id="round-search"
          placeholder={t("rounds.searchPlaceholder")}
          value={values.search}
          onChange={(search) => set({ search })}
        />
        <SelectFilter
          id="round-status"
          label={t("rounds.status")}
          value={values.status}
          onChange={(status) => set({ status })}
          allLabel
          choices={ROUND_STATUSES.map((s) => ({ value: s, label: t(roundStatusLabel(s)) }))}
        />
      </ListToolbar>
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
          <QueryRows
            query={rounds}
            count={items.length}
            colSpan={6}
            failed={t("rounds.loadFailed")}
            empty={t("rounds.empty")}
            noMatches={t("rounds.noMatches")}
            filtered={filtered}
          >
            {items.map((round) => (
              <Tr key={round.id}>
                <Td className="font-medium max-md:text-base">
                  <Lang>{round.name}</Lang>
                </Td>
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
                  <IconButton
                    icon={Pencil}
                    label={t("rounds.edit", { name: round.name })}
                    onClick={() => setEditing(round)}
                  />
                  {round.closed_at ? (
                    <IconButton
                      icon={LockOpen}
                      label={t("rounds.reopen", { name: round.name })}
                      disabled={close.isPending}
                      onClick={() =>
                        close.mutate(
                          { id: round.id, closed: false },
                          { onSuccess: () => toast({ variant: "success", title: t("rounds.reopened") }) },
                        )
                      }
                    />
                  ) : (
                    round.status !== "closed" && (
                      <IconButton
                        icon={Lock}
                        label={t("rounds.close", { name: round.name })}
                        onClick={() => setClosing(round)}
                      />
                    )
                  )}
                  <IconButton
                    icon={Trash2}
                    label={t("rounds.delete", { name: round.name })}
                    onClick={() => setDeleting(round)}
                  />
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {rounds.data && (
        <Pager
          page={page}
          limit={rounds.data.limit}
          total={rounds.data.total}
          onPage={(p) => set({ page: p })}
        />
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
