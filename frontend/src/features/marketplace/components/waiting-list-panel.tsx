/** Spec §8 "no slot available": every batch of the test is full. A learner may join the waiting
 * list; once on it they see their position, or the slot offered to them with its claim deadline,
 * and may leave (after confirmation). The server decides (409 refusals are shown here). */
import { BellRing, Hourglass } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useMyWaiting } from "../api/get-my-waiting";
import { useJoinWaitingList } from "../api/join-waiting-list";
import { useLeaveWaitingList } from "../api/leave-waiting-list";
import type { ListingBatch } from "../api/types";

export function WaitingListPanel({
  listingId,
  batches,
  full,
  canJoin,
  onList,
}: {
  listingId: number;
  batches: ListingBatch[];
  /** Every batch is full (else the learner is on the list from an earlier time). */
  full: boolean;
  /** Learners only: educators see the state without the list. */
  canJoin: boolean;
  /** The listing's `on_waiting_list`: the learner's place is asked for only then. */
  onList: boolean;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const mine = useMyWaiting(listingId, { enabled: canJoin, onList });
  const join = useJoinWaitingList(listingId);
  const leave = useLeaveWaitingList(listingId);
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [leaveError, setLeaveError] = useState("");
  const entry = mine.entry;
  const offered =
    entry?.status === "offered" ? batches.find((b) => b.id === entry.offered_batch_id) : undefined;

  async function onJoin() {
    setError("");
    try {
      await join.mutateAsync();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("common.unknownError"));
    }
  }

  async function onLeave() {
    try {
      await leave.mutateAsync();
      setConfirming(false);
    } catch (e) {
      setLeaveError(e instanceof ApiError ? e.message : t("common.unknownError"));
    }
  }

  return (
    <section
      aria-labelledby={`waiting-${listingId}`}
      className="grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <Hourglass className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id={`waiting-${listingId}`} className="font-semibold text-amber-950">
            {full ? t("marketplace.noSlotAvailable") : t("marketplace.waiting.onListTitle")}
          </h2>
          <p className="text-sm text-amber-900">
            {!canJoin
              ? t("marketplace.waiting.learnersOnly")
              : full
                ? t("marketplace.waiting.intro")
                : t("marketplace.waiting.slotsBackIntro")}
          </p>
        </div>
      </div>

      {canJoin &&
        (mine.isPending ? (
          <p role="status" className="text-sm text-amber-900">
            {t("common.loading")}
          </p>
        ) : mine.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t("marketplace.loadFailed")}
          </p>
        ) : entry === null ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void onJoin()} disabled={join.isPending}>
              <BellRing className="h-4 w-4" aria-hidden="true" />
              {join.isPending ? t("common.working") : t("marketplace.waiting.join")}
            </Button>
          </div>
        ) : (
          <div className="grid gap-3 rounded-xl bg-white p-3 text-sm" role="status">
            {entry.status === "offered" ? (
              <div className="grid gap-1">
                <p className="font-semibold text-blue-900">{t("marketplace.waiting.offered")}</p>
                <p className="text-slate-700">
                  {t("marketplace.waiting.offeredBody", {
                    batch: offered?.name || t("marketplace.batchN", { id: entry.offered_batch_id ?? 0 }),
                    deadline: entry.claim_expires_at ? formatDateTime(entry.claim_expires_at, locale) : "—",
                  })}
                </p>
              </div>
            ) : (
              <p className="font-semibold text-slate-900">
                {t("marketplace.waiting.position", { position: entry.position })}
              </p>
            )}
            <div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setLeaveError("");
                  setConfirming(true);
                }}
              >
                {t("marketplace.waiting.leave")}
              </Button>
            </div>
          </div>
        ))}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onLeave()}
        busy={leave.isPending}
        error={leaveError}
        title={t("marketplace.waiting.leaveTitle")}
        description={t(
          entry?.status === "offered"
            ? "marketplace.waiting.leaveOfferedBody"
            : "marketplace.waiting.leaveBody",
        )}
        confirmLabel={t("marketplace.waiting.leave")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </section>
  );
}
