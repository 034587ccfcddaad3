/** /marketplace/transactions/:transaction_id: name, date, amount, remark, payment id and status
 * (spec section 3), the items (test, organization, add-on, batch, price), pay or cancel a pending
 * one, and the printable receipt of a completed one. */
import { useEffect } from "react";
import { Link, useLocation, useParams } from "react-router-dom";

import { Lang } from "@/components/lang";
import { QueryState } from "@/components/list/query-rows";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { paths } from "@/config/paths";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useTransaction } from "../api/get-transaction";
import type { Transaction } from "../api/types";
import { addonLabel } from "../components/labels";
import { Panel } from "../components/panel";
import { PaymentStep } from "../components/payment-step";
import { Receipt } from "../components/receipt";
import { StatusBadge } from "../components/status-badge";
import { transactionError } from "../lib/tx-error";

export default function TransactionRoute() {
  const t = useT();
  const { transaction_id: param = "" } = useParams();
  const id = /^\d+$/.test(param) ? Number(param) : null;
  const location = useLocation();
  const authorized = useAuthorized();
  const educator = authorized.data?.user.pandai_profile_role === "EDUCATOR";
  const transaction = useTransaction(id);
  const tx = transaction.data;

  useEffect(() => {
    if (tx && location.hash === "#pay") document.getElementById("pay")?.scrollIntoView({ block: "start" });
  }, [tx, location.hash]);

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <Link to={paths.transactionsIndex} className="w-fit text-sm font-medium text-blue-700 hover:underline">
        ← {t("shop.tx.back")}
      </Link>
      {id === null ? (
        <p role="alert" className="text-sm text-red-700">
          {t("shop.tx.notFound")}
        </p>
      ) : (
        <QueryState query={transaction} failed={t(transactionError(transaction.error))}>
          {(loaded) => <Details tx={loaded} educator={educator} />}
        </QueryState>
      )}
    </div>
  );
}

function Details({ tx, educator }: { tx: Transaction; educator: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");
  return (
    <>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{tx.name || t("shop.tx.numbered", { id: tx.id })}</h1>
          <StatusBadge status={tx.status} fallback={tx.status_name} />
        </div>
        <p className="text-sm text-slate-500">{t("shop.tx.numbered", { id: tx.id })}</p>
      </div>

      {!educator && (
        <div id="pay" className="scroll-mt-20">
          <PaymentStep transaction={tx} />
        </div>
      )}

      <Panel id="tx-details" title={t("shop.tx.details")}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Field label={t("shop.tx.name")} value={tx.name || "—"} />
          <Field label={t("shop.tx.date")} value={date(tx.date)} />
          <Field label={t("shop.tx.amount")} value={formatVnd(tx.amount, locale)} />
          <Field label={t("shop.tx.status")}>
            <StatusBadge status={tx.status} fallback={tx.status_name} />
          </Field>
          <Field label={t("shop.tx.remark")} value={tx.remark || "—"} />
          <Field label={t("shop.tx.paymentId")} value={tx.payment_id || "—"} mono />
          {educator && <Field label={t("shop.tx.buyer")} value={tx.buyer_name || "—"} />}
          {tx.status === "PENDING" && <Field label={t("shop.tx.expiresAt")} value={date(tx.expires_at)} />}
          {tx.completed_at && <Field label={t("shop.tx.paidAt")} value={date(tx.completed_at)} />}
          {tx.closed_at && <Field label={t("shop.tx.closedAt")} value={date(tx.closed_at)} />}
        </dl>
      </Panel>

      <section aria-labelledby="tx-items" className="grid gap-3">
        <h2 id="tx-items" className="text-lg font-semibold">
          {t("shop.tx.items")}
        </h2>
        <Table label={t("shop.tx.items")}>
          <Head>
            <Th>{t("shop.col.test")}</Th>
            <Th>{t("shop.col.organization")}</Th>
            <Th>{t("shop.col.addon")}</Th>
            <Th>{t("shop.col.batch")}</Th>
            <Th className="text-right">{t("shop.col.price")}</Th>
          </Head>
          <Body>
            {tx.items.map((item) => (
              <Tr key={item.id}>
                <Td className="font-medium max-md:text-base">
                  <Lang>{item.name}</Lang>
                </Td>
                <Td label={t("shop.col.organization")}>
                  <Lang>{item.organization}</Lang>
                </Td>
                <Td label={t("shop.col.addon")}>{addonLabel(t, item.addon, item.addon_name)}</Td>
                <Td label={t("shop.col.batch")}>
                  <span>
                    {item.batch_name || "—"}
                    {item.batch_starts_at && (
                      <span className="block text-xs text-slate-500">{date(item.batch_starts_at)}</span>
                    )}
                  </span>
                </Td>
                <Td label={t("shop.col.price")} className="whitespace-nowrap md:text-right">
                  {formatVnd(item.price, locale)}
                </Td>
              </Tr>
            ))}
          </Body>
        </Table>
      </section>

      {tx.status === "COMPLETED" && <Receipt transaction={tx} />}
    </>
  );
}

function Field({
  label,
  value,
  mono = false,
  children,
}: {
  label: string;
  value?: string;
  mono?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={mono ? "break-all font-mono font-medium" : "font-medium"}>{children ?? value}</dd>
    </div>
  );
}
