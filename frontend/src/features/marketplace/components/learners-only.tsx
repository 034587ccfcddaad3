import { Store } from "lucide-react";

import { paths } from "@/config/paths";
import { useT } from "@/lib/intl";

import { OnwardLinks } from "./onward-links";

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
      <OnwardLinks
        links={[
          { to: paths.marketplace, label: t("shop.backToMarketplace") },
          { to: paths.transactionsIndex, label: t("shop.tx.title") },
        ]}
      />
    </div>
  );
}
