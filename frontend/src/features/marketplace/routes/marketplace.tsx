/** /marketplace (any role): the grid of listings on sale with search, price range (VND), grade
 * and subject filters, sort and paging, all in the address (the list kit of issue 22). Educators
 * also switch to their organization's own listings (`mylistings`), publish approved tests and
 * withdraw their own listings. Buying belongs to the listing page. */
import { PackageSearch, Upload } from "lucide-react";
import { lazy, Suspense, useState } from "react";

import { SelectFilter } from "@/components/list/list-toolbar";
import { QueryState } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { withTexts } from "@/lib/messages-store";

import { useListings } from "../api/get-listings";
import { useSubjects } from "../api/get-subjects";
import { ListingCard } from "../components/listing-card";
import { LISTING_PARAMS, MarketplaceFilters, numberParam } from "../components/marketplace-filters";
import { Retry } from "../components/retry";

// Educators only, and a form (react-hook-form, zod): out of a learner's first visit (issue 20).
const PublishDialog = lazy(
  withTexts(() => import("../components/publish-dialog").then((m) => ({ default: m.PublishDialog }))),
);

const LIMIT = 12;
/** The grid's widest row (`xl:grid-cols-3`): its covers load at once, and index.html preloads
 * them on a first visit (issue 20). */
export const FIRST_ROW = 3;
const SORTS: { value: string; label: MessageId }[] = [
  { value: "-published_at", label: "marketplace.sort.newest" },
  { value: "price", label: "marketplace.sort.priceLow" },
  { value: "-price", label: "marketplace.sort.priceHigh" },
  { value: "name", label: "marketplace.sort.name" },
  { value: "grade", label: "marketplace.sort.grade" },
  { value: "starts_at", label: "marketplace.sort.startsAt" },
];

export default function MarketplaceRoute() {
  const t = useT();
  const { language } = useLanguage();
  const user = useAuthorized().data?.user;
  const educator = user?.pandai_profile_role === "EDUCATOR";
  const organizationId = user?.organization?.id;
  const params = useListParams(LISTING_PARAMS);
  const { values, page, set } = params;
  const [publishing, setPublishing] = useState(false);
  const [now] = useState(() => Date.now());
  const mine = educator && values.mylistings === "true";
  const minPrice = numberParam(values.minprice);
  const maxPrice = numberParam(values.maxprice);
  const badRange = minPrice !== null && maxPrice !== null && minPrice > maxPrice;
  const search = values.search.trim();
  const listings = useListings({
    page,
    limit: LIMIT,
    search: search || undefined,
    order_by: values.order,
    minprice: badRange ? undefined : (minPrice ?? undefined),
    maxprice: badRange ? undefined : (maxPrice ?? undefined),
    mylistings: mine || undefined,
    grade: numberParam(values.grade) ?? undefined,
    subject: values.subject || undefined,
  });
  const subjects = useSubjects(mine, language);
  // The scope (all or own listings) and the order are not filters.
  const filtered = Boolean(
    search || minPrice !== null || maxPrice !== null || values.grade || values.subject,
  );
  const clearFilters = () => set({ search: "", minprice: "", maxprice: "", grade: "", subject: "" });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("nav.marketplace")}</h1>
          <p className="text-sm text-slate-600">
            {educator ? t("marketplace.introEducator") : t("marketplace.intro")}
          </p>
        </div>
        {educator && (
          <Button onClick={() => setPublishing(true)}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {t("marketplace.publish.open")}
          </Button>
        )}
      </div>

      {educator && (
        <div
          role="group"
          aria-label={t("marketplace.scope.label")}
          className="flex w-fit rounded-xl border border-slate-200 bg-white p-1"
        >
          {[
            { value: false, label: t("marketplace.scope.all") },
            { value: true, label: t("marketplace.scope.mine") },
          ].map((option) => (
            <button
              key={String(option.value)}
              type="button"
              aria-pressed={mine === option.value}
              onClick={() => set({ mylistings: option.value ? "true" : "", subject: "" })}
              className={cn(
                "rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
                mine === option.value ? "bg-blue-700 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}

      <MarketplaceFilters params={params} subjects={subjects.data ?? []} badRange={badRange} />

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-slate-600" aria-live="polite">
            {listings.data ? t("marketplace.count", { count: listings.data.total }) : ""}
          </p>
          {filtered && (
            <Button size="sm" variant="ghost" onClick={clearFilters}>
              {t("marketplace.clearFilters")}
            </Button>
          )}
        </div>
        <SelectFilter
          id="mp-order"
          label={t("common.sort")}
          value={values.order}
          onChange={(order) => set({ order })}
          choices={SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
        />
      </div>

      <QueryState query={listings} failed={t("marketplace.loadFailed")}>
        {(data) =>
          data.items.length === 0 ? (
            <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <PackageSearch className="h-10 w-10 text-slate-400" aria-hidden="true" />
              <p className="font-medium text-slate-800">
                {t(
                  filtered
                    ? "marketplace.empty.filtered"
                    : mine
                      ? "marketplace.empty.mine"
                      : "marketplace.empty.all",
                )}
              </p>
              <p className="max-w-md text-sm text-slate-600">
                {t(
                  filtered
                    ? "marketplace.empty.filteredHint"
                    : mine
                      ? "marketplace.empty.mineHint"
                      : "marketplace.empty.allHint",
                )}
              </p>
              {filtered ? (
                <Button size="sm" variant="outline" onClick={clearFilters}>
                  {t("marketplace.clearFilters")}
                </Button>
              ) : (
                educator && (
                  <Button size="sm" onClick={() => setPublishing(true)}>
                    {t("marketplace.publish.open")}
                  </Button>
                )
              )}
            </div>
          ) : (
            <ul
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
              aria-label={t("marketplace.listLabel")}
            >
              {data.items.map((listing, index) => (
                <ListingCard
                  key={listing.id}
                  listing={listing}
                  own={educator && organizationId !== undefined && listing.organization.id === organizationId}
                  now={now}
                  first={index < FIRST_ROW}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <Retry query={listings} />
      {listings.data && (
        <Pager
          page={page}
          limit={listings.data.limit}
          total={listings.data.total}
          onPage={(p) => set({ page: p })}
        />
      )}
      {educator && (
        <Suspense fallback={null}>
          <PublishDialog open={publishing} onOpenChange={setPublishing} />
        </Suspense>
      )}
    </div>
  );
}
