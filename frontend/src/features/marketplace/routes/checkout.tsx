/** /marketplace/checkout/:item_id (issue 6, item 3; `item_id` = a cart item id or `all`): the
 * order summary; "Place order" creates one PENDING transaction (a refusal shows "Checkout
 * Failed" with the item named and highlighted); then the payment step of that transaction
 * (`?transaction=<id>`, so a reload keeps it); once paid -> the transaction page. */
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";

import { QueryState } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { isConsentRefusal } from "@/lib/api/consent";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useCheckout } from "../api/checkout";
import { useCart } from "../api/get-cart";
import { useTransaction } from "../api/get-transaction";
import type { CartItem, Transaction } from "../api/types";
import { GradePrompt } from "../components/grade-prompt";
import { addonLabel } from "../components/labels";
import { LearnersOnly } from "../components/learners-only";
import { Loading } from "../components/loading";
import { OnwardLinks } from "../components/onward-links";
import { OrderLines, type OrderLine } from "../components/order-lines";
import { Panel } from "../components/panel";
import { PaymentStep } from "../components/payment-step";
import { Retry } from "../components/retry";
import { Steps } from "../components/steps";
import { batchWhen } from "../lib/batch-when";
import { transactionPath } from "../lib/paths";
import { transactionError } from "../lib/tx-error";

export default function CheckoutRoute() {
  const t = useT();
  const { item_id: itemId = "" } = useParams();
  const [search] = useSearchParams();
  const authorized = useAuthorized();
  const transactionId = Number(search.get("transaction")) || null;
  const educator = authorized.data?.user.pandai_profile_role === "EDUCATOR";
  const status = useTransaction(transactionId).data?.status;
  const step = !transactionId ? 0 : status === "COMPLETED" ? 2 : 1;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-3">
        <Link to={paths.shoppingCart} className="w-fit text-sm font-medium text-blue-700 hover:underline">
          ← {t("shop.checkout.backToCart")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("shop.checkout.title")}</h1>
        {!educator && <Steps current={step} />}
      </div>
      {educator ? (
        <LearnersOnly />
      ) : authorized.isPending ? (
        <Loading />
      ) : transactionId ? (
        <PaymentView transactionId={transactionId} />
      ) : (
        <ReviewView itemId={itemId} />
      )}
    </div>
  );
}

interface Failure {
  title: MessageId;
  text: string;
  reason: string;
  /** Index of the failing line in the items sent. */
  index: number | null;
}

const REASON_HINT: Record<string, { text: MessageId; to: string; link: MessageId }> = {
  no_batch_slot: { text: "shop.hint.noBatchSlot", to: paths.shoppingCart, link: "shop.hint.toCart" },
  no_slot_available: { text: "shop.hint.noSlot", to: paths.shoppingCart, link: "shop.hint.toCart" },
  duplicate_subject_grade: {
    text: "shop.hint.duplicate",
    to: paths.transactionsIndex,
    link: "shop.hint.toTransactions",
  },
  already_owned: { text: "shop.hint.owned", to: paths.myTests, link: "shop.pay.goMyTests" },
  free_only_cart: { text: "shop.hint.freeOnly", to: paths.marketplace, link: "shop.backToMarketplace" },
  cart_invalid: { text: "shop.hint.invalid", to: paths.shoppingCart, link: "shop.hint.toCart" },
  round_not_passed: { text: "shop.hint.round", to: paths.shoppingCart, link: "shop.hint.toCart" },
};

function ReviewView({ itemId }: { itemId: string }) {
  const t = useT();
  const { locale } = useLanguage();
  const [, setSearch] = useSearchParams();
  const cart = useCart();
  const checkout = useCheckout();
  const [failure, setFailure] = useState<Failure | null>(null);
  const authorized = useAuthorized();
  const [refusal, setGate] = useState<"grade" | "learnersOnly" | null>(null);
  const gate = refusal ?? (authorized.data && !authorized.data.user.grade ? "grade" : null);
  const [placed, setPlaced] = useState(false);
  const all = itemId === "all";
  const rows: CartItem[] = (cart.data?.cartItems ?? []).filter((row) => all || String(row.id) === itemId);
  const total = rows.reduce((sum, row) => sum + row.price, 0);

  async function placeOrder() {
    if (checkout.isPending || rows.length === 0) return;
    setFailure(null);
    try {
      // The lines in the order shown, so that the server's `item` index points at one of them.
      const tx = await checkout.mutateAsync(rows.map((row) => ({ cart_item_id: row.id })));
      setPlaced(true); // the rows leave the cart: no "empty cart" flash on the way to payment
      setSearch({ transaction: String(tx.id) });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure({
          title: "shop.checkout.failed",
          text: t("common.unknownError"),
          reason: "",
          index: null,
        });
        return;
      }
      if (error.code === "grade_required") return setGate("grade");
      if (error.code === "forbidden_role") return setGate("learnersOnly");
      if (isConsentRefusal(error)) {
        // The gate's own reason (a parent's consent, the learner's own, the date of birth): as the
        // server wrote it, never the role's message (issue 37, item 3).
        setFailure({ title: "shop.checkout.consentTitle", text: error.message, reason: "", index: null });
        return;
      }
      const index = typeof error.body.item === "number" ? error.body.item : null;
      const reason = typeof error.body.reason === "string" ? error.body.reason : "";
      const detail = index !== null ? error.errors[`items.${index}`]?.[0] : undefined;
      setFailure({ title: "shop.checkout.failed", text: detail || error.message, reason, index });
      void cart.refetch(); // the rows' notices now say what changed
    }
  }

  if (gate === "learnersOnly") return <LearnersOnly />;
  if (placed) return <Loading />; // the rows leave the cart: no "empty cart" on the way to payment
  if (!cart.isSuccess) {
    return (
      <div className="grid gap-3">
        <QueryState query={cart} failed={t("shop.cart.loadFailed")}>
          {() => null}
        </QueryState>
        <Retry query={cart} />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <p className="text-lg font-medium">{t(all ? "shop.cart.empty" : "shop.checkout.notInCart")}</p>
        <OnwardLinks
          links={[
            { to: paths.shoppingCart, label: t("shop.hint.toCart") },
            { to: paths.transactionsIndex, label: t("shop.tx.title") },
          ]}
        />
      </div>
    );
  }

  const lines: OrderLine[] = rows.map((row, index) => ({
    key: row.id,
    name: row.listing.name,
    organization: row.listing.organization,
    addon: addonLabel(t, row.addon, row.addon_name),
    batch: row.batch?.name || "—",
    when: row.batch ? batchWhen(row.batch.starts_at, row.batch.expires_at, locale) : "",
    price: row.price,
    notice: row.problem?.reason,
    failed: failure?.index === index,
    error: failure?.index === index ? failure.text : undefined,
  }));
  const hint = failure ? REASON_HINT[failure.reason] : undefined;

  return (
    <Panel id="checkout-summary" title={t("shop.checkout.summary")}>
      {gate === "grade" && <GradePrompt />}
      {failure && (
        <div
          role="alert"
          className="grid gap-1 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">{t(failure.title)}</p>
          <p>{failure.text}</p>
          {hint && (
            <p>
              {t(hint.text)}{" "}
              <Link to={hint.to} className="font-medium text-blue-700 underline underline-offset-4">
                {t(hint.link)}
              </Link>
            </p>
          )}
        </div>
      )}
      <OrderLines
        lines={lines}
        total={total}
        label={t("shop.checkout.items")}
        footer={
          <div className="grid gap-3">
            <p className="text-xs text-slate-500">{t("shop.checkout.holdNote")}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                size="lg"
                onClick={() => void placeOrder()}
                disabled={checkout.isPending || gate === "grade"}
              >
                {checkout.isPending ? t("common.working") : t("shop.checkout.place")}
              </Button>
            </div>
          </div>
        }
      />
    </Panel>
  );
}

function PaymentView({ transactionId }: { transactionId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const transaction = useTransaction(transactionId);
  return (
    <QueryState query={transaction} failed={t(transactionError(transaction.error))}>
      {(tx) => <PaidOrder tx={tx} onPaid={(paid) => navigate(transactionPath(paid.id), { replace: true })} />}
    </QueryState>
  );
}

/** The order placed and its payment step. */
function PaidOrder({ tx, onPaid }: { tx: Transaction; onPaid: (paid: Transaction) => void }) {
  const t = useT();
  const { locale } = useLanguage();
  const lines: OrderLine[] = tx.items.map((item) => ({
    key: item.id,
    name: item.name,
    organization: item.organization,
    addon: addonLabel(t, item.addon, item.addon_name),
    batch: item.batch_name || "—",
    when: item.batch_starts_at ? formatDateTime(item.batch_starts_at, locale) : "",
    price: item.price,
  }));
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="checkout-order"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="checkout-order" className="text-lg font-semibold">
            {t("shop.checkout.order", { id: tx.id })}
          </h2>
          <Link to={transactionPath(tx.id)} className="text-sm font-medium text-blue-700 hover:underline">
            {t("shop.tx.viewOf", { id: tx.id })}
          </Link>
        </div>
        <OrderLines lines={lines} total={tx.amount} label={t("shop.checkout.items")} />
      </section>
      <PaymentStep transaction={tx} onPaid={onPaid} />
    </div>
  );
}
