import type { ReactNode } from "react";

import { Lang } from "@/components/lang";
import { cn } from "@/lib/cn";
import { formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

/** One line of an order summary (a cart row before checkout, a transaction item after). */
export interface OrderLine {
  key: number;
  name: string;
  organization: string;
  addon: string;
  batch: string;
  when: string;
  price: number;
  /** A notice under the line (amber), e.g. the cart's problem. */
  notice?: string;
  /** The line that made the checkout fail (red, with `error`). */
  failed?: boolean;
  error?: string;
}

export function OrderLines({
  lines,
  total,
  label,
  footer,
}: {
  lines: OrderLine[];
  total: number;
  label: string;
  footer?: ReactNode;
}) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <div className="grid gap-3">
      <ul aria-label={label} className="grid gap-2">
        {lines.map((line) => (
          <li
            key={line.key}
            aria-label={line.name}
            aria-describedby={line.failed ? `order-line-error-${line.key}` : undefined}
            data-failed={line.failed ? "true" : undefined}
            className={cn(
              "grid gap-1 rounded-xl border p-3 text-sm",
              line.failed ? "border-red-500 bg-red-50 ring-2 ring-red-200" : "border-slate-200 bg-white",
            )}
          >
            <div className="flex flex-wrap items-start justify-between gap-x-3">
              <span className="font-medium text-slate-900">
                <Lang>{line.name}</Lang>
              </span>
              <span className="whitespace-nowrap font-semibold">
                {line.price === 0 ? t("shop.free") : formatVnd(line.price, locale)}
              </span>
            </div>
            <span className="text-slate-600">
              <Lang>{line.organization}</Lang> · {line.addon}
            </span>
            <span className="text-slate-600">
              {line.batch}
              {line.when && <span className="text-slate-500"> · {line.when}</span>}
            </span>
            {line.notice && !line.failed && (
              <span className="rounded-lg bg-amber-50 px-2 py-1 text-amber-900">{line.notice}</span>
            )}
            {line.failed && (
              <span id={`order-line-error-${line.key}`} className="font-medium text-red-800">
                {line.error || t("shop.checkout.failedItem")}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3">
        <span className="font-medium">{t("shop.total")}</span>
        <span className="text-xl font-semibold" data-testid="order-total">
          {formatVnd(total, locale)}
        </span>
      </div>
      {footer}
    </div>
  );
}
