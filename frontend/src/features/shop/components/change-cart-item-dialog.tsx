import { AddToCart } from "@/components/shop/add-to-cart";
import type { CartItem } from "@/components/shop/api/types";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/intl";

import { useShopListing } from "../api/get-listing";

/** Change the add-on or batch of a cart row with the add-to-cart panel (the server replaces the
 * row's choice and checks the rules again). */
export function ChangeCartItemDialog({ row, onClose }: { row: CartItem | null; onClose: () => void }) {
  const t = useT();
  const listing = useShopListing(row ? row.listing.id : null);
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={row ? t("shop.cart.changeTitle", { name: row.listing.name }) : ""}
      closeLabel={t("common.close")}
      size="lg"
    >
      {listing.isPending && (
        <p role="status" className="text-slate-500">
          {t("common.loading")}
        </p>
      )}
      {listing.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t("shop.cart.listingGone")}
        </p>
      )}
      {listing.data && <AddToCart listing={listing.data} mode="edit" onSaved={onClose} />}
    </Dialog>
  );
}
