import { Store } from "lucide-react";
import { Link } from "react-router-dom";

import { paths } from "@/config/paths";
import { useT } from "@/lib/intl";

/** Buying is a learner action (the API answers 403 to educators): said plainly, with a way on. */
export function LearnersOnly() {
  const t = useT();
  return (
    <div
      role="note"
      className="grid justify-items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <Store className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <p className="max-w-md text-slate-700">{t("shop.learnersOnly")}</p>
      <div className="flex flex-wrap justify-center gap-3 text-sm font-medium">
        <Link to={paths.marketplace} className="text-blue-700 underline underline-offset-4">
          {t("shop.backToMarketplace")}
        </Link>
        <Link to={paths.transactionsIndex} className="text-blue-700 underline underline-offset-4">
          {t("shop.tx.title")}
        </Link>
      </div>
    </div>
  );
}
