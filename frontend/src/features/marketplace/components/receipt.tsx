/** The receipt of a completed transaction: the centre's name, transaction id, payment id, items
 * and total in VND. On screen it is a card; "Print receipt" (window.print()) prints it alone (a
 * print stylesheet hides the rest of the page while this component is shown). */
import { Printer } from "lucide-react";
import { useId } from "react";
import { createPortal } from "react-dom";

import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import type { Transaction } from "../api/types";
import { addonLabel } from "./labels";

/** Printing shows only the receipt: a copy of it sits directly under <body> (hidden on screen)
 * and every other child of <body> is left out, so that no blank pages follow. */
const PRINT_ONLY_RECEIPT = `@media screen { #shop-receipt-print { display: none; } }
@media print {
  @page { margin: 16mm; }
  body > *:not(#shop-receipt-print) { display: none !important; }
  #shop-receipt-print [data-print="hide"] { display: none !important; }
  #shop-receipt-print section { border: 0 !important; padding: 0 !important; }
}`;

export function Receipt({ transaction }: { transaction: Transaction }) {
  return (
    <>
      <style>{PRINT_ONLY_RECEIPT}</style>
      <ReceiptCard transaction={transaction} />
      {createPortal(
        <div id="shop-receipt-print">
          <ReceiptCard transaction={transaction} printCopy />
        </div>,
        document.body,
      )}
    </>
  );
}

function ReceiptCard({
  transaction: tx,
  printCopy = false,
}: {
  transaction: Transaction;
  printCopy?: boolean;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const ids = useId();
  return (
    <section
      aria-labelledby={`${ids}-title`}
      aria-hidden={printCopy || undefined}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">{t("app.name")}</p>
          <h2 id={`${ids}-title`} className="text-xl font-semibold">
            {t("shop.receipt.title")}
          </h2>
        </div>
        <Button variant="outline" size="sm" onClick={() => window.print()} data-print="hide">
          <Printer className="h-4 w-4" aria-hidden="true" /> {t("shop.receipt.print")}
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <ReceiptField label={t("shop.tx.id")} value={`#${tx.id}`} />
        <ReceiptField label={t("shop.tx.paymentId")} value={tx.payment_id || "—"} mono />
        <ReceiptField label={t("shop.tx.date")} value={formatDateTime(tx.date, locale)} />
        <ReceiptField
          label={t("shop.tx.paidAt")}
          value={tx.completed_at ? formatDateTime(tx.completed_at, locale) : "—"}
        />
        <ReceiptField label={t("shop.tx.buyer")} value={tx.buyer_name || "—"} />
        <ReceiptField
          label={t("shop.tx.provider")}
          value={
            tx.payment_provider === "simulated"
              ? t("shop.receipt.simulatedProvider")
              : tx.payment_provider || "—"
          }
        />
      </dl>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("shop.receipt.title")}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("shop.col.test")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("shop.col.price")}
            </th>
          </tr>
        </thead>
        <tbody>
          {tx.items.map((item) => (
            <tr key={item.id} className="border-b border-slate-100 align-top">
              <td className="grid gap-0.5 py-2 pr-3">
                <span className="font-medium">
                  <Lang>{item.name}</Lang>
                </span>
                <span className="text-xs text-slate-600">
                  <Lang>{item.organization}</Lang>
                </span>
                <span className="text-xs text-slate-600">
                  {t("shop.col.addon")}: {addonLabel(t, item.addon, item.addon_name)}
                </span>
                <span className="text-xs text-slate-600">
                  {t("shop.col.batch")}: {item.batch_name || "—"}
                  {item.batch_starts_at && ` · ${formatDateTime(item.batch_starts_at, locale)}`}
                </span>
              </td>
              <td className="whitespace-nowrap py-2 text-right">{formatVnd(item.price, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 pr-3 text-right font-semibold">
              {t("shop.total")}
            </th>
            <td className="whitespace-nowrap py-2 text-right text-base font-semibold">
              {formatVnd(tx.amount, locale)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-slate-500">{t("shop.receipt.note")}</p>
    </section>
  );
}

function ReceiptField({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-3 border-b border-dashed border-slate-200 py-1 sm:block sm:border-0 sm:py-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className={mono ? "break-all font-mono font-medium" : "font-medium"}>{value}</dd>
    </div>
  );
}
