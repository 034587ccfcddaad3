/** A listing in the marketplace grid: cover, name, organization, grade and subjects, duration,
 * test-only price in VND (a "free" badge at 0) and free slots; own listings can be withdrawn. */
import { Clock, Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { useLanguage, useT } from "@/lib/intl";

import { noSlotAvailable, type Listing } from "../api/types";
import { ListingTags } from "./listing-tags";
import { Cover } from "./cover";
import { priceText } from "./price";

// An educator's own listings only: out of a learner's first visit of the marketplace (issue 20).
const WithdrawListing = lazy(() =>
  import("./withdraw-listing").then((m) => ({ default: m.WithdrawListing })),
);

export function ListingCard({
  listing,
  own,
  now,
  first = false,
}: {
  listing: Listing;
  own: boolean;
  now: number;
  /** In the grid's first row (its cover loads at once, `Cover`). */
  first?: boolean;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const full = listing.kind === "test" && noSlotAvailable(listing.batches, now);
  const free = listing.price_test_only === 0;
  return (
    <li
      aria-label={listing.name}
      className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md"
    >
      <div className="relative">
        <Cover listing={listing} first={first} />
        {free && (
          <span className="absolute right-3 top-3 rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow">
            {t("marketplace.free")}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          <h2 className="text-base font-semibold leading-snug [overflow-wrap:anywhere]">
            <Link
              to={`/marketplace/${listing.id}`}
              className="text-slate-900 after:absolute after:inset-0 hover:text-blue-700 focus-visible:outline-none"
            >
              <Lang lang={listing.name_lang}>{listing.name}</Lang>
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            <Lang>{listing.organization.name}</Lang>
          </p>
        </div>
        <ListingTags listing={listing} />
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {listing.duration_minutes && (
            <span className="inline-flex items-center gap-1">
              <Clock className="h-3.5 w-3.5" aria-hidden="true" />
              {t("marketplace.minutesN", { count: listing.duration_minutes })}
            </span>
          )}
          {listing.kind === "test" && (
            <span className={`inline-flex items-center gap-1 ${full ? "font-medium text-red-700" : ""}`}>
              <Users className="h-3.5 w-3.5" aria-hidden="true" />
              {full
                ? t("marketplace.noSlotAvailable")
                : t("marketplace.freeSlots", { count: listing.available_slots })}
            </span>
          )}
        </div>
        <div className="mt-auto flex items-end justify-between gap-3 pt-1">
          <p className="grid">
            <span className="text-xs text-slate-500">
              {t(listing.kind === "test" ? "marketplace.from" : "marketplace.price")}
            </span>
            <span className={`text-lg font-semibold ${free ? "text-emerald-700" : "text-slate-900"}`}>
              {priceText(listing.price_test_only, locale, t("marketplace.free"))}
            </span>
          </p>
          {own && (
            <div className="relative z-10">
              <Suspense fallback={null}>
                <WithdrawListing listing={listing} />
              </Suspense>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
