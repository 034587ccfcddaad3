/** /marketplace (any role): the grid of listings on sale with search, price range (VND), grade
 * and subject filters, sort and paging. Educators also switch to their organization's own
 * listings (`mylistings`), publish approved tests and withdraw their own listings. Filters live
 * in the address. Buying belongs to the listing page. */
import { PackageSearch, Upload } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { VndInput } from "@/components/vnd-input";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useListings } from "../api/get-listings";
import { useSubjects } from "../api/get-subjects";
import { ListingCard } from "../components/listing-card";
import { Pager } from "@/components/ui/pager";
import { PublishDialog } from "../components/publish-dialog";
import { useDebounced } from "../lib/use-debounced";

const LIMIT = 12;
const ALL = "__all";
const GRADES = Array.from({ length: 12 }, (_, i) => i + 1);
const SORTS: { value: string; label: MessageId }[] = [
  { value: "-published_at", label: "marketplace.sort.newest" },
  { value: "price", label: "marketplace.sort.priceLow" },
  { value: "-price", label: "marketplace.sort.priceHigh" },
  { value: "name", label: "marketplace.sort.name" },
  { value: "grade", label: "marketplace.sort.grade" },
  { value: "starts_at", label: "marketplace.sort.startsAt" },
];

const numberParam = (value: string | null): number | null => {
  if (value === null || value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
};

export default function MarketplaceRoute() {
  const t = useT();
  const { language } = useLanguage();
  const user = useAuthorized().data?.user;
  const educator = user?.pandai_profile_role === "EDUCATOR";
  const organizationId = user?.organization?.id;
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [minPrice, setMinPrice] = useState<number | null>(numberParam(params.get("minprice")));
  const [maxPrice, setMaxPrice] = useState<number | null>(numberParam(params.get("maxprice")));
  const [publishing, setPublishing] = useState(false);
  const [now] = useState(() => Date.now());
  const mine = educator && params.get("mylistings") === "true";
  const grade = numberParam(params.get("grade"));
  const subject = params.get("subject") ?? "";
  const order = params.get("order_by") ?? "-published_at";
  const page = numberParam(params.get("page")) || 1;
  const debouncedSearch = useDebounced(search.trim());
  const debouncedMin = useDebounced(minPrice, 400);
  const debouncedMax = useDebounced(maxPrice, 400);
  const badRange = debouncedMin !== null && debouncedMax !== null && debouncedMin > debouncedMax;

  /** Sets (or clears) address parameters and goes back to page 1 unless the page is set. */
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Typed filters reach the address once they settle.
  const applied = useRef({ q: debouncedSearch, min: debouncedMin, max: debouncedMax });
  useEffect(() => {
    const last = applied.current;
    if (last.q === debouncedSearch && last.min === debouncedMin && last.max === debouncedMax) return;
    applied.current = { q: debouncedSearch, min: debouncedMin, max: debouncedMax };
    update({
      q: debouncedSearch || undefined,
      minprice: debouncedMin === null ? undefined : String(debouncedMin),
      maxprice: debouncedMax === null ? undefined : String(debouncedMax),
    });
  }, [debouncedSearch, debouncedMin, debouncedMax, update]);

  const listings = useListings({
    page,
    limit: LIMIT,
    search: debouncedSearch || undefined,
    order_by: order,
    minprice: badRange ? undefined : (debouncedMin ?? undefined),
    maxprice: badRange ? undefined : (debouncedMax ?? undefined),
    mylistings: mine || undefined,
    grade: grade ?? undefined,
    subject: subject || undefined,
  });
  const subjects = useSubjects(mine, language);
  const items = listings.data?.items ?? [];
  const filtered = Boolean(
    debouncedSearch || debouncedMin !== null || debouncedMax !== null || grade || subject,
  );

  function clearFilters() {
    setSearch("");
    setMinPrice(null);
    setMaxPrice(null);
    setParams(mine ? { mylistings: "true" } : {}, { replace: true });
  }

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
              onClick={() => update({ mylistings: option.value ? "true" : undefined, subject: undefined })}
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

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        <div className="col-span-2 grid gap-1 lg:col-span-1 xl:col-span-2">
          <label htmlFor="mp-search" className="text-xs font-medium text-slate-600">
            {t("common.search")}
          </label>
          <Input
            id="mp-search"
            type="search"
            placeholder={t("marketplace.searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="mp-min" className="text-xs font-medium text-slate-600">
            {t("marketplace.minPrice")}
          </label>
          <VndInput id="mp-min" value={minPrice} onChange={setMinPrice} aria-invalid={badRange} />
        </div>
        <div className="grid gap-1">
          <label htmlFor="mp-max" className="text-xs font-medium text-slate-600">
            {t("marketplace.maxPrice")}
          </label>
          <VndInput
            id="mp-max"
            value={maxPrice}
            onChange={setMaxPrice}
            aria-invalid={badRange}
            aria-describedby={badRange ? "mp-range-error" : undefined}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="mp-grade" className="text-xs font-medium text-slate-600">
            {t("marketplace.grade")}
          </label>
          <Select
            id="mp-grade"
            value={grade ? String(grade) : ALL}
            onChange={(e) => update({ grade: e.target.value === ALL ? undefined : e.target.value })}
          >
            <option value={ALL}>{t("marketplace.allGrades")}</option>
            {GRADES.map((g) => (
              <option key={g} value={String(g)}>
                {t("marketplace.gradeN", { grade: g })}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="mp-subject" className="text-xs font-medium text-slate-600">
            {t("marketplace.subject")}
          </label>
          <Select
            id="mp-subject"
            value={subject || ALL}
            onChange={(e) => update({ subject: e.target.value === ALL ? undefined : e.target.value })}
          >
            <option value={ALL}>{t("marketplace.allSubjects")}</option>
            {subject && !subjects.data?.some((s) => s.code === subject) && (
              <option value={subject}>{subject}</option>
            )}
            {subjects.data?.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {badRange && (
        <p id="mp-range-error" role="alert" className="-mt-3 text-xs text-red-600">
          {t("marketplace.badRange")}
        </p>
      )}

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
        <div className="flex items-center gap-2">
          <label htmlFor="mp-order" className="whitespace-nowrap text-xs font-medium text-slate-600">
            {t("common.sort")}
          </label>
          <div className="w-48">
            <Select id="mp-order" value={order} onChange={(e) => update({ order_by: e.target.value })}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {t(s.label)}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>

      {listings.isPending ? (
        <p role="status" className="p-8 text-center text-sm text-slate-500">
          {t("common.loading")}
        </p>
      ) : listings.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          {t("marketplace.loadFailed")}
          <Button size="sm" variant="outline" onClick={() => void listings.refetch()}>
            {t("marketplace.retry")}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <PackageSearch className="h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-800">
            {filtered
              ? t("marketplace.empty.filtered")
              : mine
                ? t("marketplace.empty.mine")
                : t("marketplace.empty.all")}
          </p>
          <p className="max-w-md text-sm text-slate-600">
            {filtered
              ? t("marketplace.empty.filteredHint")
              : mine
                ? t("marketplace.empty.mineHint")
                : t("marketplace.empty.allHint")}
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
          {items.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              own={educator && organizationId !== undefined && listing.organization.id === organizationId}
              now={now}
            />
          ))}
        </ul>
      )}
      {listings.data && (
        <Pager
          page={page}
          limit={listings.data.limit}
          total={listings.data.total}
          onPage={(p) => update({ page: String(p) })}
        />
      )}
      {educator && <PublishDialog open={publishing} onOpenChange={setPublishing} />}
    </div>
  );
}
