/** The tabs of /alltransaction: dashboard, heatmap, every transaction (the plain table). */
import { NavLink } from "react-router-dom";

import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

const TABS: { to: string; label: MessageId }[] = [
  { to: "/alltransaction/index", label: "analytics.tab.dashboard" },
  { to: "/alltransaction/heatmap", label: "analytics.tab.heatmap" },
  { to: "/alltransaction/old", label: "analytics.tab.old" },
];

export function AnalyticsNav({ carried = "" }: { carried?: string }) {
  const t = useT();
  return (
    <nav aria-label={t("analytics.tab.label")} className="flex flex-wrap gap-1 border-b border-slate-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={`${tab.to}${carried}`}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
              isActive
                ? "border-blue-700 text-blue-800"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}
