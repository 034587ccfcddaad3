/** /marketplace/shopping-cart (issue 6, item 2): the cart's rows (listing, organization, add-on,
 * batch, price, and the server's notice when a row can no longer be bought), change or remove a
 * row (removal confirmed), the total in VND, and "Checkout" -> /marketplace/checkout/all. */
import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { QueryState } from "@/components/list/query-rows";
import { Button, buttonSizes, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useCart } from "../api/get-cart";
import { useRemoveCartItem } from "../api/remove-cart-item";
import type { Cart, CartItem } from "../api/types";
import { CartRow } from "../components/cart-row";
import { ChangeCartItemDialog } from "../components/change-cart-item-dialog";
import { GradePrompt } from "../components/grade-prompt";
import { LearnersOnly } from "../components/learners-only";
import { Panel } from "../components/panel";
import { Retry } from "../components/retry";
import { checkoutPath } from "../lib/paths";

const linkButton = cn(
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
  buttonSizes.lg,
  buttonVariants.default,
);

export default function ShoppingCartRoute() {
  const t = useT();
  const authorized = useAuthorized();
  const educator = authorized.data?.user.pandai_profile_role === "EDUCATOR";
  const gradeMissing = authorized.data !== undefined && !educator && !authorized.data.user.grade;
  const cart = useCart({ enabled: authorized.isSuccess && !educator });
  const remove = useRemoveCartItem();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [removeError, setRemoveError] = useState("");
  const [changing, setChanging] = useState<CartItem | null>(null);
  const learnersOnly = educator || (cart.error instanceof ApiError && cart.error.code === "forbidden_role");

  async function confirmRemove() {
    if (!removing) return;
    setRemoveError("");
    try {
      await remove.mutateAsync(removing.id);
      toast({ variant: "success", title: t("shop.cart.removed", { name: removing.listing.name }) });
      setRemoving(null);
    } catch (error) {
      setRemoveError(error instanceof ApiError && error.message ? error.message : t("common.unknownError"));
    }
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("shop.cart.title")}</h1>
          {cart.data && cart.data.cartItems.length > 0 && (
            <p className="text-sm text-slate-500">{t("shop.cart.count", { count: cart.data.count })}</p>
          )}
        </div>
        <Link to={paths.transactionsIndex} className="text-sm font-medium text-blue-700 hover:underline">
          {t("shop.tx.title")}
        </Link>
      </div>

      {gradeMissing && <GradePrompt />}
      {learnersOnly ? (
        <LearnersOnly />
      ) : (
        <>
          <QueryState query={cart} failed={t("shop.cart.loadFailed")}>
            {(data) =>
              data.cartItems.length === 0 ? (
                <EmptyCart />
              ) : (
                <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
                  <ul aria-label={t("shop.cart.items")} className="grid gap-3">
                    {data.cartItems.map((row) => (
                      <CartRow
                        key={row.id}
                        row={row}
                        onChange={() => setChanging(row)}
                        onRemove={() => {
                          setRemoveError("");
                          setRemoving(row);
                        }}
                      />
                    ))}
                  </ul>
                  <CartSummary cart={data} gradeMissing={gradeMissing} />
                </div>
              )
            }
          </QueryState>
          <Retry query={cart} />
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
        title={t("shop.cart.removeTitle")}
        description={removing ? t("shop.cart.removeBody", { name: removing.listing.name }) : ""}
        confirmLabel={t("shop.cart.remove")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        busy={remove.isPending}
        error={removeError}
      />
      <ChangeCartItemDialog row={changing} onClose={() => setChanging(null)} />
    </div>
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <ShoppingCart className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <p className="text-lg font-medium">{t("shop.cart.empty")}</p>
      <p className="max-w-md text-sm text-slate-500">{t("shop.cart.emptyBody")}</p>
      <Link to={paths.marketplace} className={linkButton}>
        {t("shop.cart.browse")}
      </Link>
    </div>
  );
}

/** The total, what holds the checkout back (rows with a problem, a free-only cart, no grade),
 * and "Checkout". */
function CartSummary({ cart, gradeMissing }: { cart: Cart; gradeMissing: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const hasProblem = cart.cartItems.some((row) => row.problem);
  const freeOnly = cart.total === 0;
  return (
    <Panel
      id="cart-summary-title"
      title={t("shop.summary")}
      as="aside"
      padding="p-4 sm:p-5"
      className="lg:sticky lg:top-20"
    >
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t("shop.cart.tests")}</dt>
          <dd>{cart.count}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-2">
          <dt className="font-medium">{t("shop.total")}</dt>
          <dd className="text-xl font-semibold" data-testid="cart-total">
            {formatVnd(cart.total, locale)}
          </dd>
        </div>
      </dl>
      {hasProblem && (
        <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {t("shop.cart.fixProblems")}
        </p>
      )}
      {freeOnly && !hasProblem && (
        <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {t("shop.cart.freeOnly")}
        </p>
      )}
      {hasProblem || freeOnly || gradeMissing ? (
        <Button size="lg" disabled>
          {t("shop.cart.checkout")}
        </Button>
      ) : (
        <Link to={checkoutPath("all")} className={linkButton}>
          {t("shop.cart.checkout")}
        </Link>
      )}
      <Link to={paths.marketplace} className="text-center text-sm font-medium text-blue-700 hover:underline">
        {t("shop.cart.continue")}
      </Link>
    </Panel>
  );
}
