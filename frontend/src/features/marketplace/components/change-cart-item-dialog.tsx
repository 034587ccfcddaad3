import { QueryState } from "@/components/list/query-rows";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/intl";

import { useListing } from "../api/get-listing";
import type { CartItem } from "../api/types";
import { AddToCart } from "./add-to-cart";

/** Change the add-on or batch of a cart row with the add-to-cart panel (the server replaces the
 * row's choice and checks the rules again). */
export function ChangeCartItemDialog({ row, onClose }: { row: CartItem | null; onClose: () => void }) {
  const t = useT();
  const listing = useListing(row ? row.listing.id : null);
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={row ? t("shop.cart.changeTitle", { name: row.listing.name }) : ""}
      closeLabel={t("common.close")}
      size="lg"
    >
      {row && (
        <QueryState query={listing} failed={t("shop.cart.listingGone")}>
          {(data) => <AddToCart listing={data} mode="edit" onSaved={onClose} />}
        </QueryState>
      )}
    </Dialog>
  );
}
