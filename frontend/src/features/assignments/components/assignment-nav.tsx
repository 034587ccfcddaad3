/** The links between the /assignment pages (the sidebar shows /assignment to nobody, spec §2):
 * tests, overview, takers, batches, extra time (accommodations), and "assign a test". */
import { UserPlus } from "lucide-react";
import { Link, NavLink } from "react-router-dom";

import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

import { assignmentPaths } from "./paths";

const ITEMS: { to: string; label: MessageId; end?: boolean }[] = [
  { to: assignmentPaths.list, label: "assignments.nav.tests", end: true },
  { to: assignmentPaths.overview, label: "assignments.nav.overview" },
  { to: assignmentPaths.takers, label: "assignments.nav.takers" },
  { to: assignmentPaths.batchList, label: "assignments.nav.batches" },
  { to: assignmentPaths.accommodations, label: "assignments.nav.accommodations" },
];

export function AssignmentNav({ presetId, assign = true }: { presetId?: number; assign?: boolean }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200">
      <nav aria-label={t("assignments.nav.label")} className="-mb-px flex max-w-full gap-1 overflow-x-auto">
        {ITEMS.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                "whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
                isActive
                  ? "border-blue-700 text-blue-800"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )
            }
          >
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      {assign && (
        <Link
          to={assignmentPaths.form(presetId)}
          className="mb-2 inline-flex h-9 items-center gap-2 rounded-lg bg-blue-700 px-3 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t("assignments.nav.assign")}
        </Link>
      )}
    </div>
  );
}
