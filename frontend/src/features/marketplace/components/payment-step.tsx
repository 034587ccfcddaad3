/** The payment step of a transaction (issue 6, item 4): for a PENDING one, the countdown to its
 * expiry (server time), the simulated payment form (approve / decline, for demonstration; no
 * money is charged), "Pay" with one idempotency key per transaction (a double click or a retry
 * is charged once) and "Cancel order" with confirmation; for a settled one, what happened. */
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Clock, Info, Landmark } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { formatClock, useCountdown } from "@/lib/server-clock";

import { useCancelTransaction } from "../api/cancel-transaction";
import { transactionQuery } from "../api/get-transaction";
import { usePay } from "../api/pay";
import type { Transaction } from "../api/types";
import { forgetPaymentKey, paymentKey } from "../lib/idempotency";

type Outcome = { tone: "error" | "declined"; text: string } | null;

export function PaymentStep({
  transaction: tx,
  onPaid,
}: {
  transaction: Transaction;
  /** Called once the payment is completed (the checkout page moves on to the transaction page). */
  onPaid?: (tx: Transaction) => void;
}) {
  if (tx.status === "PENDING") return <PendingPayment tx={tx} onPaid={onPaid} />;
  return <Settled tx={tx} />;
}

function PendingPayment({ tx, onPaid }: { tx: Transaction; onPaid?: (tx: Transaction) => void }) {
  const t = useT();
  const { locale } = useLanguage();
  const ids = useId();
  const pay = usePay();
  const cancel = useCancelTransaction();
  const [method, setMethod] = useState<"approve" | "decline">("approve");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelError, setCancelError] = useState("");
  const inFlight = useRef(false);
  // On the page's server clock, which reading the transaction set (its Date header).
  const remaining = useCountdown(tx.expires_at) ?? 0;
  const expired = remaining <= 0;
  const paying = pay.isPending;
  const queryClient = useQueryClient();

  // Time is up: ask the server again (its periodic task expires the order and frees the slots).
  useEffect(() => {
    if (!expired) return;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: transactionQuery(tx.id).queryKey }),
      2000,
    );
    return () => window.clearTimeout(timer);
  }, [expired, queryClient, tx.id]);

  async function onPay() {
    if (inFlight.current || expired) return; // a second click while the first is on its way
    inFlight.current = true;
    setOutcome(null);
    try {
      const paid = await pay.mutateAsync({
        transaction_id: tx.id,
        idempotency_key: paymentKey(tx.id),
        method: method === "decline" ? "decline" : "",
      });
      forgetPaymentKey(tx.id);
      onPaid?.(paid);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 402 || error.status === 409)) {
        forgetPaymentKey(tx.id); // settled: declined, cancelled or expired
        setOutcome({ tone: "declined", text: error.message });
      } else {
        // A timeout, a lost connection or a server error: the same key is sent on retry.
        setOutcome({
          tone: "error",
          text:
            error instanceof ApiError && error.status < 500 && error.message
              ? error.message
              : t("shop.pay.retry"),
        });
      }
    } finally {
      inFlight.current = false;
    }
  }

  async function onCancel() {
    setCancelError("");
    try {
      await cancel.mutateAsync(tx.id);
      forgetPaymentKey(tx.id);
      setConfirmCancel(false);
    } catch (error) {
      setCancelError(error instanceof ApiError && error.message ? error.message : t("common.unknownError"));
    }
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t("shop.pay.title")}
        </h2>
        <p
          className={
            expired
              ? "flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-medium text-red-700"
              : "flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900"
          }
        >
          <Clock className="h-4 w-4" aria-hidden="true" />
          {expired ? (
            t("shop.pay.timeUp")
          ) : (
            <>
              {t("shop.pay.timeLeft")}{" "}
              <span role="timer" className="font-mono tabular-nums">
                {formatClock(remaining)}
              </span>
            </>
          )}
        </p>
      </div>

      <p className="flex gap-2 rounded-xl border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>{t("shop.pay.simulatedTitle")}</strong> {t("shop.pay.simulatedBody")}
        </span>
      </p>

      <fieldset className="grid gap-2" disabled={paying || expired}>
        <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700">
          <Landmark className="h-4 w-4" aria-hidden="true" /> {t("shop.pay.bank")}
        </legend>
        {(["approve", "decline"] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
          >
            <input
              type="radio"
              name={`${ids}-method`}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
              className="mt-0.5 h-4 w-4 accent-blue-700"
            />
            <span className="grid gap-0.5">
              <span className="font-medium text-slate-900">
                {t(value === "approve" ? "shop.pay.approve" : "shop.pay.decline")}
              </span>
              <span className="text-xs text-slate-600">
                {t(value === "approve" ? "shop.pay.approveHint" : "shop.pay.declineHint")}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      {expired && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("shop.pay.expiredBody")}
        </p>
      )}
      {outcome && (
        <p
          role="alert"
          className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {outcome.text}
        </p>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600">
          {t("shop.total")}{" "}
          <span className="text-lg font-semibold text-slate-900">{formatVnd(tx.amount, locale)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setConfirmCancel(true)} disabled={paying}>
            {t("shop.pay.cancelOrder")}
          </Button>
          <Button onClick={() => void onPay()} disabled={paying || expired} aria-busy={paying}>
            {paying
              ? t("shop.pay.paying")
              : t("shop.pay.payAmount", { amount: formatVnd(tx.amount, locale) })}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmCancel}
        onCancel={() => {
          setConfirmCancel(false);
          setCancelError("");
        }}
        onConfirm={() => void onCancel()}
        title={t("shop.pay.cancelTitle")}
        description={t("shop.pay.cancelBody")}
        confirmLabel={t("shop.pay.cancelConfirm")}
        cancelLabel={t("shop.pay.keepOrder")}
        closeLabel={t("common.close")}
        busy={cancel.isPending}
        error={cancelError}
      />
    </section>
  );
}

/** What happened to a transaction that is no longer pending. */
function Settled({ tx }: { tx: Transaction }) {
  const t = useT();
  useEffect(() => forgetPaymentKey(tx.id), [tx.id]);
  if (tx.status === "COMPLETED") {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
      >
        <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t("shop.pay.completedTitle")}</p>
          <p className="text-sm">{t("shop.pay.completedBody")}</p>
          <Link
            to={paths.myTests}
            className="w-fit text-sm font-medium text-blue-700 underline underline-offset-4"
          >
            {t("shop.pay.goMyTests")}
          </Link>
        </div>
      </div>
    );
  }
  const body =
    tx.status === "FAILED"
      ? "shop.settled.failed"
      : tx.status === "CANCELLED"
        ? "shop.settled.cancelled"
        : "shop.settled.expired";
  return (
    <div
      role="status"
      className="flex gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-slate-800"
    >
      <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="text-sm">{t(body)}</p>
        <Link
          to={paths.marketplace}
          className="w-fit text-sm font-medium text-blue-700 underline underline-offset-4"
        >
          {t("shop.backToMarketplace")}
        </Link>
      </div>
    </div>
  );
}
