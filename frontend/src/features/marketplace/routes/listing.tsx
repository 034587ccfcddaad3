/** /marketplace/:listing_id (any role): one listing: its cover, organization, grade, subjects,
 * duration and test window, description, the add-ons with their prices in VND, and the batches
 * with dates and free slots ("no batch slot" when full). Learners buy from here with the shared
 * add-to-cart panel (add-on, batch with a free slot, "Add to cart" or "Buy now"; the grade prompt
 * when their profile has none; issue 6, item 1). When every batch is full ("no slot available")
 * a learner can join the waiting list and see their place or the slot offered to them. A free
 * career survey's listing offers a learner to take it (issue 19). Educators do not buy; those of
 * the organization can withdraw their listing. */
import { ArrowLeft, CalendarDays, Camera, CameraOff, Clock } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";

import { AddToCart } from "../components/add-to-cart";
import { batchState } from "../lib/batch-when";
import { batchWhen } from "../lib/batch-when";
import { Lang } from "@/components/lang";
import { QueryState } from "@/components/list/query-rows";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useListing } from "../api/get-listing";
import { useMyWaiting } from "../api/get-my-waiting";
import { noSlotAvailable, type ListingBatch } from "../api/types";
import { ListingTags } from "../components/listing-tags";
import { Cover } from "../components/cover";
import { priceText } from "../components/price";
import { WaitingListPanel } from "../components/waiting-list-panel";
import { Retry } from "../components/retry";
import { TakeSurveyPanel } from "../components/take-survey-panel";
import { WithdrawListing } from "../components/withdraw-listing";

const backClass =
  "inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600";

export default function ListingRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const id = Number(useParams().listing_id);
  const user = useAuthorized().data?.user;
  const learner = user !== undefined && user.pandai_profile_role !== "EDUCATOR";
  const listing = useListing(id);
  const isTest = listing.data?.kind === "test";
  const mine = useMyWaiting(id, {
    enabled: learner && isTest && listing.data?.status === "active",
    onList: listing.data?.on_waiting_list === true,
  });
  const [now] = useState(() => Date.now());

  const back = (
    <Link to={paths.marketplace} className={backClass}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t("marketplace.back")}
    </Link>
  );
  if (!listing.isSuccess) {
    const missing = listing.error instanceof ApiError && listing.error.status === 404;
    return (
      <div className="grid gap-4">
        {back}
        <QueryState query={listing} failed={t(missing ? "marketplace.notFound" : "marketplace.loadFailed")}>
          {() => null}
        </QueryState>
        {!missing && <Retry query={listing} />}
      </div>
    );
  }

  const l = listing.data;
  const own = user?.pandai_profile_role === "EDUCATOR" && user.organization?.id === l.organization.id;
  const batches = l.batches;
  const full = isTest && noSlotAvailable(batches, now);
  const onList = mine.entry !== null;
  // The buy box: learners only (educators cannot buy; spec section 6), active test listings.
  const buyer = user?.pandai_profile_role === "LEARNER" && isTest && l.status === "active";
  // A survey's box: take it (free), learners only, active survey listings.
  const taker = user?.pandai_profile_role === "LEARNER" && l.kind === "survey" && l.status === "active";
  const side = buyer || taker;
  const after = side && "max-lg:order-2"; // below the side box on narrow screens
  const addons: { label: MessageId; hint: MessageId; price: number | null }[] = isTest
    ? [
        {
          label: "marketplace.addon.testOnly",
          hint: "marketplace.addon.testOnlyHint",
          price: l.price_test_only,
        },
        {
          label: "marketplace.addon.testAdvanced",
          hint: "marketplace.addon.testAdvancedHint",
          price: l.price_test_advanced,
        },
        {
          label: "marketplace.addon.surveyReport",
          hint: "marketplace.addon.surveyReportHint",
          price: l.price_survey_report,
        },
      ]
    : [
        {
          label: "marketplace.addon.surveyReport",
          hint: "marketplace.addon.surveyReportHint",
          price: l.price_survey_report ?? l.price_test_only,
        },
      ];

  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      {l.status !== "active" && (
        <p role="note" className="rounded-xl border border-slate-300 bg-slate-100 p-3 text-sm text-slate-800">
          {t("marketplace.withdrawnNote")}
        </p>
      )}

      <div
        className={cn(
          "grid grid-cols-1 gap-6",
          side && "lg:grid-cols-[minmax(0,1fr)_minmax(20rem,24rem)] lg:items-start",
        )}
      >
        {/* On narrow screens the side box follows the title (its column dissolves into the page). */}
        <div className={cn("grid min-w-0 grid-cols-1 gap-6", side && "max-lg:contents")}>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="self-start overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <Cover listing={l} shape="photo" />
            </div>
            <div className="grid content-start gap-3">
              <h1 className="text-2xl font-semibold [overflow-wrap:anywhere] sm:text-3xl">
                <Lang lang={l.name_lang}>{l.name}</Lang>
              </h1>
              <p className="text-slate-700">
                <Lang>{l.organization.name}</Lang>
              </p>
              <ListingTags listing={l} size="md" />
              <ul className="grid gap-1.5 text-sm text-slate-700">
                {l.duration_minutes && (
                  <li className="flex items-center gap-2">
                    <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" />
                    {t("marketplace.minutesN", { count: l.duration_minutes })}
                  </li>
                )}
                {isTest && (
                  <li className="flex items-center gap-2">
                    {l.camera_proctoring ? (
                      <Camera className="h-4 w-4 text-slate-500" aria-hidden="true" />
                    ) : (
                      <CameraOff className="h-4 w-4 text-slate-500" aria-hidden="true" />
                    )}
                    {t(l.camera_proctoring ? "marketplace.camera" : "marketplace.noCamera")}
                  </li>
                )}
                {(l.starts_at || l.ends_at) && (
                  <li className="flex items-center gap-2">
                    <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" />
                    {t("marketplace.window", {
                      start: l.starts_at ? formatDate(l.starts_at, locale) : "—",
                      end: l.ends_at ? formatDate(l.ends_at, locale) : "—",
                    })}
                  </li>
                )}
              </ul>
              {own && l.status === "active" && (
                <div className="pt-1">
                  <WithdrawListing
                    listing={l}
                    onDone={() => navigate(`${paths.marketplace}?mylistings=true`)}
                  />
                </div>
              )}
            </div>
          </div>

          {l.description && (
            <section className={cn("grid gap-2", after)} aria-labelledby="listing-description">
              <h2 id="listing-description" className="text-lg font-semibold">
                {t("marketplace.description")}
              </h2>
              <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">
                <Lang lang={l.description_lang}>{l.description}</Lang>
              </p>
            </section>
          )}

          <section className={cn("grid gap-3", after)} aria-labelledby="listing-addons">
            <h2 id="listing-addons" className="text-lg font-semibold">
              {t("marketplace.addons")}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-3">
              {addons.map((a) => (
                <li
                  key={a.label}
                  className="grid content-start gap-1 rounded-2xl border border-slate-200 bg-white p-4"
                >
                  <span className="font-medium text-slate-900">{t(a.label)}</span>
                  <span className="text-xs text-slate-600">{t(a.hint)}</span>
                  <span
                    className={cn(
                      "pt-1 text-lg font-semibold",
                      a.price === null
                        ? "text-sm font-normal text-slate-500"
                        : a.price === 0
                          ? "text-emerald-700"
                          : "",
                    )}
                  >
                    {a.price === null
                      ? t("marketplace.notOffered")
                      : priceText(a.price, locale, t("marketplace.free"))}
                  </span>
                </li>
              ))}
            </ul>
          </section>

          {isTest && (
            <section className={cn("grid gap-3", after)} aria-labelledby="listing-batches">
              <h2 id="listing-batches" className="text-lg font-semibold">
                {t("marketplace.batches")}
              </h2>
              {batches.length === 0 ? (
                <p className="text-sm text-slate-600">{t("marketplace.noBatches")}</p>
              ) : (
                <ul className="grid gap-2">
                  {batches.map((b) => (
                    <BatchItem key={b.id} batch={b} now={now} />
                  ))}
                </ul>
              )}
            </section>
          )}

          {isTest && l.status === "active" && (full || onList) && (
            <WaitingListPanel
              listingId={l.id}
              batches={batches}
              full={full}
              canJoin={learner}
              onList={l.on_waiting_list}
            />
          )}
        </div>
        {buyer && <AddToCart listing={l} className="max-lg:order-1 lg:sticky lg:top-20" />}
        {taker && <TakeSurveyPanel listing={l} className="max-lg:order-1 lg:sticky lg:top-20" />}
      </div>
    </div>
  );
}

function BatchItem({ batch, now }: { batch: ListingBatch; now: number }) {
  const t = useT();
  const { locale } = useLanguage();
  const state = batchState(batch, now);
  const ended = state === "ended";
  const fullBatch = state === "full";
  const when = batchWhen(batch.starts_at, batch.expires_at, locale);
  return (
    <li
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3 text-sm",
        ended || fullBatch ? "border-slate-200 bg-slate-50" : "border-slate-200 bg-white",
      )}
    >
      <span className="grid gap-0.5">
        <span className="font-medium text-slate-900">
          {batch.name ? <Lang>{batch.name}</Lang> : t("marketplace.batchN", { id: batch.id })}
        </span>
        <span className="text-xs text-slate-600">{when}</span>
      </span>
      <span
        className={cn(
          "whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium",
          ended && "bg-slate-200 text-slate-700",
          fullBatch && "bg-red-50 text-red-700",
          !ended && !fullBatch && "bg-emerald-50 text-emerald-800",
        )}
      >
        {ended
          ? t("marketplace.batchEnded")
          : fullBatch
            ? t("marketplace.noBatchSlot")
            : t("marketplace.slotsLeft", { count: batch.available })}
      </span>
    </li>
  );
}
