/** The KPI cards: revenue, purchases, paid transactions, buyers and average per transaction,
 * each with its change against the previous period of the same length; and what is not
 * counted as revenue (pending, cancelled, expired, failed) shown apart. */
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";

import { formatNumber, formatVnd } from "@/lib/format";
import { cn } from "@/lib/cn";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import type { Card, Summary } from "../api/types";
import { Skeleton } from "./states";

const CARDS: {
  key: "revenue" | "purchases" | "transactions" | "buyers" | "average_order";
  label: MessageId;
  money: boolean;
}[] = [
  { key: "revenue", label: "analytics.kpi.revenue", money: true },
  { key: "purchases", label: "analytics.kpi.purchases", money: false },
  { key: "transactions", label: "analytics.kpi.transactions", money: false },
  { key: "buyers", label: "analytics.kpi.buyers", money: false },
  { key: "average_order", label: "analytics.kpi.averageOrder", money: true },
];

function Change({ card }: { card: Card }) {
  const t = useT();
  const { locale } = useLanguage();
  if (card.change === null) {
    return <span className="text-xs text-slate-500">{t("analytics.kpi.noComparison")}</span>;
  }
  const up = card.change > 0;
  const flat = card.change === 0;
  const Icon = flat ? Minus : up ? ArrowUpRight : ArrowDownRight;
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(
    card.change,
  );
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium",
        flat ? "text-slate-600" : up ? "text-emerald-700" : "text-red-700",
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t("analytics.kpi.change", { value })}
    </span>
  );
}

export function KpiCards({
  summary,
  loading = false,
}: {
  summary: Summary | null | undefined;
  loading?: boolean;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const number = (n: number) => formatNumber(n, locale);
  if (!summary) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-busy={loading}>
        {CARDS.map((c) => (
          <Skeleton key={c.key} className="h-24" />
        ))}
      </div>
    );
  }
  const notCounted = summary.not_counted;
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {CARDS.map(({ key, label, money }) => {
          const card = summary[key];
          return (
            <div
              key={key}
              className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4 max-lg:last:col-span-2"
            >
              <dt className="text-xs font-medium text-slate-500">{t(label)}</dt>
              <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid={`kpi-${key}`}>
                {money ? formatVnd(card.value, locale) : number(card.value)}
              </dd>
              <dd>
                <Change card={card} />
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" data-testid="not-counted">
        <span className="font-medium">{t("analytics.kpi.notCounted")}</span>
        <span>
          {t("analytics.kpi.pending", {
            count: notCounted.pending.purchases,
            amount: formatVnd(notCounted.pending.amount, locale),
          })}
        </span>
        <span>{t("analytics.kpi.cancelled", { count: notCounted.cancelled.purchases })}</span>
        <span>{t("analytics.kpi.expired", { count: notCounted.expired.purchases })}</span>
        <span>{t("analytics.kpi.failed", { count: notCounted.failed.purchases })}</span>
      </p>
    </div>
  );
}
