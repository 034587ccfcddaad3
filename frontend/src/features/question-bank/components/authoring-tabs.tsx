import { NavLink } from "react-router-dom";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

export function AuthoringTabs() {
  const t = useT();
  const tabs = [
    { to: "/question-bank", label: t("qb.tab.banks"), end: true },
    { to: "/question-bank/matrix", label: t("qb.tab.matrix"), end: false },
    { to: "/question-bank/vetting", label: t("qb.tab.vetting"), end: false },
  ];
  return (
    <nav aria-label={t("nav.questionBank")} className="flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              isActive
                ? "border-blue-700 text-blue-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
