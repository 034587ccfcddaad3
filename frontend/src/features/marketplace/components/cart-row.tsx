import { CircleAlert, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";

import type { CartItem } from "../api/types";
import { batchWhen } from "../lib/batch-when";
import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { checkoutPath, listingPath } from "../lib/paths";
import { addonLabel } from "./labels";

/** One cart row: listing, organization, add-on, batch, price, and the server's notice when it can
 * no longer be bought as is (full batch, duplicate subject and grade, already owned...). */
export function CartRow({
  row,
  onChange,
  onRemove,
}: {
  row: CartItem;
  onChange: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const { listing, batch } = row;
  const facts = [
    listing.grade ? t("shop.gradeN", { grade: listing.grade }) : "",
    listing.subjects.join(", "),
  ].filter(Boolean);
  return (
    <li
      aria-label={listing.name}
      className={cn(
        "grid gap-3 rounded-2xl border bg-white p-4",
        row.problem ? "border-amber-300" : "border-slate-200",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <Link
            to={listingPath(listing.id)}
            className="font-semibold text-slate-900 hover:text-blue-700 hover:underline"
          >
            <Lang lang={listing.name_lang}>{listing.name}</Lang>
          </Link>
          <p className="text-sm text-slate-600">
            {listing.organization && <Lang>{listing.organization}</Lang>}
            {facts.map((fact, i) => (listing.organization || i > 0 ? ` · ${fact}` : fact)).join("")}
          </p>
        </div>
        <p className="whitespace-nowrap text-lg font-semibold">
          {row.price === 0 ? t("shop.free") : formatVnd(row.price, locale)}
        </p>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-500">{t("shop.col.addon")}</dt>
          <dd className="font-medium">{addonLabel(t, row.addon, row.addon_name)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("shop.col.batch")}</dt>
          <dd>
            {batch ? (
              <>
                <span className="font-medium">
                  {batch.name ? <Lang>{batch.name}</Lang> : t("shop.batchN", { id: batch.id })}
                </span>
                <span className="block text-slate-600">
                  {batchWhen(batch.starts_at, batch.expires_at, locale)}
                </span>
                <span className="block text-xs text-slate-500">
                  {batch.available > 0
                    ? t("shop.slotsLeft", { count: batch.available })
                    : t("shop.noBatchSlot")}
                </span>
              </>
            ) : (
              "—"
            )}
          </dd>
        </div>
      </dl>
      {row.problem && (
        <p role="note" className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {row.problem.reason}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={onChange}
          aria-label={t("shop.cart.changeOf", { name: listing.name })}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" /> {t("shop.cart.change")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={onRemove}
          aria-label={t("shop.cart.removeOf", { name: listing.name })}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> {t("shop.cart.remove")}
        </Button>
        {!row.problem && (
          <Link
            to={checkoutPath(row.id)}
            className="ml-auto text-sm font-medium text-blue-700 hover:underline"
            aria-label={t("shop.cart.buyOnlyOf", { name: listing.name })}
          >
            {t("shop.cart.buyOnly")}
          </Link>
        )}
      </div>
    </li>
  );
}
