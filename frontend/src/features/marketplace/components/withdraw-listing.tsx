/** Withdraw an own listing from the marketplace after confirmation; the server's refusal (409
 * `listing_has_pending`, with its reason) is shown in the dialog. */
import { Undo2 } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import type { Listing } from "../api/types";
import { useWithdrawListing } from "../api/withdraw-listing";

export function WithdrawListing({ listing, onDone }: { listing: Listing; onDone?: () => void }) {
  const t = useT();
  const withdraw = useWithdrawListing();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");

  async function confirm() {
    try {
      await withdraw.mutateAsync(listing.id);
      toast({ variant: "success", title: t("marketplace.withdraw.done", { name: listing.name }) });
      setOpen(false);
      onDone?.();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("common.unknownError"));
    }
  }

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        className="text-red-700"
        aria-label={t("marketplace.withdraw.labelFor", { name: listing.name })}
        onClick={() => {
          setError("");
          setOpen(true);
        }}
      >
        <Undo2 className="h-4 w-4" aria-hidden="true" />
        {t("marketplace.withdraw.action")}
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
        busy={withdraw.isPending}
        error={error}
        title={t("marketplace.withdraw.title")}
        description={t("marketplace.withdraw.body", { name: listing.name })}
        confirmLabel={t("marketplace.withdraw.action")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </>
  );
}
