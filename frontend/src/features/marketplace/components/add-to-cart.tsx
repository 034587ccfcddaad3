/** The add-to-cart panel (issue 6, item 1; spec section 5): the learner chooses the add-on (test
 * only, or test + advanced report, priced in VND) and a batch with a free slot, then "Add to
 * cart" or "Buy now" (-> /marketplace/checkout/:item_id). A profile without a grade is asked to
 * set it first and cannot add; educators cannot buy. The server decides: its refusals (409 with
 * the rule's reason, 400 grade_required, 403) are shown as they come. Placed on the listing
 * detail page; the cart reuses it (mode "edit") to change a row's add-on or batch. */
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, ShoppingCart, Zap } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router-dom";

import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { authorizedQuery, useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useAddToCart } from "../api/add-to-cart";
import { useCart } from "../api/get-cart";
import type { ListingBatch, TestAddon } from "../api/types";
import { batchState, batchWhen } from "../lib/batch-when";
import { checkoutPath } from "../lib/paths";
import { GradePrompt } from "./grade-prompt";
import { addonLabel } from "./labels";

/** What the panel needs of a listing (a `ListingOut` of GET /api/v1/marketplace/{id} fits). */
export interface AddToCartListing {
  id: number;
  name: string;
  price_test_only: number;
  price_test_advanced: number | null;
  batches: ReadonlyArray<ListingBatch>;
}

const ADDON_HINT: Record<TestAddon, MessageId> = {
  test_only: "shop.addon.test_only.hint",
  test_advanced: "shop.addon.test_advanced.hint",
};

type Refusal = { kind: "grade" } | { kind: "learnersOnly" } | { kind: "message"; text: string };

export function AddToCart({
  listing,
  mode = "buy",
  onSaved,
  className,
}: {
  listing: AddToCartListing;
  /** "edit": one "Save changes" button for a listing already in the cart (no "Buy now", no
   * heading and no frame: the dialog around it has them). */
  mode?: "buy" | "edit";
  onSaved?: () => void;
  className?: string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const authorized = useAuthorized();
  const user = authorized.data?.user;
  const learner = user !== undefined && user.pandai_profile_role !== "EDUCATOR";
  const cart = useCart({ enabled: learner });
  const add = useAddToCart();
  const [addonChoice, setAddonChoice] = useState<TestAddon | null>(null);
  const [batchChoice, setBatchChoice] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [added, setAdded] = useState(false);
  const [now] = useState(() => Date.now());

  const inCart = cart.data?.cartItems.find((row) => row.listing.id === listing.id);
  const batches = listing.batches;
  const openBatches = batches.filter((b) => batchState(b, now) === "open");
  const addons: { code: TestAddon; price: number }[] = [
    { code: "test_only", price: listing.price_test_only },
    ...(listing.price_test_advanced === null
      ? []
      : [{ code: "test_advanced" as const, price: listing.price_test_advanced }]),
  ];
  const cartAddon = addons.find((a) => a.code === inCart?.addon)?.code;
  const addon = addonChoice ?? cartAddon ?? "test_only";
  const batchId = batchChoice ?? inCart?.batch?.id ?? openBatches[0]?.id ?? null;
  const batch = batches.find((b) => b.id === batchId);
  const price = addons.find((a) => a.code === addon)?.price ?? 0;
  const gradeMissing = (user !== undefined && learner && !user.grade) || refusal?.kind === "grade";
  const learnersOnly = (user !== undefined && !learner) || refusal?.kind === "learnersOnly";
  const noSlot = openBatches.length === 0;
  const blocked =
    !user || gradeMissing || learnersOnly || noSlot || !batch || batchState(batch, now) !== "open";
  const money = (amount: number) => (amount === 0 ? t("shop.free") : formatVnd(amount, locale));

  function changed() {
    setAdded(false);
    setRefusal((r) => (r?.kind === "message" ? null : r));
  }

  async function submit(buyNow: boolean) {
    if (blocked || batchId === null || add.isPending) return;
    setRefusal(null);
    setAdded(false);
    try {
      const result = await add.mutateAsync({ listing_id: listing.id, addon, batch_id: batchId });
      if (buyNow) {
        const row = result.cartItems.find((r) => r.listing.id === listing.id);
        navigate(row ? checkoutPath(row.id) : paths.shoppingCart);
      } else if (mode === "edit") {
        onSaved?.();
      } else {
        setAdded(true);
        onSaved?.();
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === "grade_required") {
        setRefusal({ kind: "grade" });
        void queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });
      } else if (error instanceof ApiError && error.code === "forbidden_role") {
        setRefusal({ kind: "learnersOnly" });
      } else {
        setRefusal({
          kind: "message",
          text: error instanceof ApiError && error.message ? error.message : t("common.unknownError"),
        });
      }
    }
  }

  return (
    <section
      aria-labelledby={mode === "edit" ? undefined : `${ids}-title`}
      aria-label={mode === "edit" ? t("shop.add.editTitle") : undefined}
      className={cn(
        "grid gap-4",
        mode === "buy" && "rounded-2xl border border-slate-200 bg-white p-4 sm:p-5",
        className,
      )}
    >
      {mode === "buy" && (
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t("shop.add.title")}
        </h2>
      )}

      {gradeMissing && <GradePrompt />}
      {learnersOnly && !gradeMissing && (
        <p role="note" className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t("shop.learnersOnly")}
        </p>
      )}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t("shop.add.addon")}</legend>
        {addons.map((a) => (
          <label
            key={a.code}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
          >
            <input
              type="radio"
              name={`${ids}-addon`}
              value={a.code}
              checked={addon === a.code}
              onChange={() => {
                setAddonChoice(a.code);
                changed();
              }}
              className="mt-0.5 h-4 w-4 accent-blue-700"
            />
            <span className="grid flex-1 gap-0.5">
              <span className="font-medium text-slate-900">{addonLabel(t, a.code, a.code)}</span>
              <span className="text-xs text-slate-600">{t(ADDON_HINT[a.code])}</span>
            </span>
            <span className="whitespace-nowrap font-semibold text-slate-900">{money(a.price)}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t("shop.add.batch")}</legend>
        {batches.length === 0 && <p className="text-sm text-slate-500">{t("shop.add.noBatches")}</p>}
        {batches.map((b) => {
          const state = batchState(b, now);
          return (
            <label
              key={b.id}
              className={cn(
                "flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm",
                state === "open"
                  ? "cursor-pointer has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
                  : "cursor-not-allowed bg-slate-50 text-slate-500",
              )}
            >
              <input
                type="radio"
                name={`${ids}-batch`}
                value={b.id}
                checked={batchId === b.id}
                disabled={state !== "open"}
                onChange={() => {
                  setBatchChoice(b.id);
                  changed();
                }}
                className="mt-0.5 h-4 w-4 accent-blue-700"
              />
              <span className="grid flex-1 gap-0.5">
                <span className={cn("font-medium", state === "open" && "text-slate-900")}>
                  {b.name ? <Lang>{b.name}</Lang> : t("shop.batchN", { id: b.id })}
                </span>
                <span className="text-xs">{batchWhen(b.starts_at, b.expires_at, locale)}</span>
              </span>
              <span
                className={cn(
                  "whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
                  state === "open" && "bg-emerald-50 text-emerald-800",
                  state === "full" && "bg-red-50 text-red-700",
                  state === "ended" && "bg-slate-100 text-slate-600",
                )}
              >
                {state === "open" && t("shop.slotsLeft", { count: b.available })}
                {state === "full" && t("shop.noBatchSlot")}
                {state === "ended" && t("shop.batchEnded")}
              </span>
            </label>
          );
        })}
        {batches.length > 0 && noSlot && (
          <p role="note" className="text-sm font-medium text-red-700">
            {t("shop.noSlotAvailable")}
          </p>
        )}
      </fieldset>

      {mode === "buy" && inCart && !added && (
        <p role="note" className="rounded-xl bg-blue-50 p-3 text-sm text-blue-900">
          {t("shop.add.inCart", {
            addon: addonLabel(t, inCart.addon, inCart.addon_name),
            batch: inCart.batch?.name || "—",
          })}
        </p>
      )}
      {refusal?.kind === "message" && (
        <p
          role="alert"
          className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {refusal.text}
        </p>
      )}
      {added && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t("shop.add.added")}
          <Link to={paths.shoppingCart} className="font-medium text-blue-700 underline underline-offset-4">
            {t("shop.add.viewCart")}
          </Link>
        </p>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600">
          {t("shop.add.price")}{" "}
          <span className="text-lg font-semibold text-slate-900" data-testid="add-to-cart-price">
            {money(price)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {mode === "edit" ? (
            <Button disabled={blocked || add.isPending} onClick={() => void submit(false)}>
              {add.isPending ? t("common.working") : t("shop.add.save")}
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                disabled={blocked || add.isPending}
                onClick={() => void submit(false)}
              >
                <ShoppingCart className="h-4 w-4" aria-hidden="true" />
                {t(inCart ? "shop.add.update" : "shop.add.addToCart")}
              </Button>
              <Button disabled={blocked || add.isPending} onClick={() => void submit(true)}>
                <Zap className="h-4 w-4" aria-hidden="true" />
                {t("shop.add.buyNow")}
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
