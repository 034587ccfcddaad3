import { Link } from "react-router-dom";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { MyAssignment } from "../api/types";
import { paths } from "../lib/paths";

export const linkButton =
  "inline-flex h-9 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** "Prepare" / "Continue" / "Result", or why there is nothing to do: the server's `action`
 * (platform/assignments/window.py, accommodations included); nothing is computed here. */
export function AssignmentAction({ row }: { row: MyAssignment }) {
  const t = useT();
  const action = row.action;
  const name = row.preset_name;
  if (action === "prepare")
    return (
      <Link
        to={paths.preparation(row.enrollment_id)}
        aria-label={t("myTests.action.prepareFor", { name })}
        className={cn(linkButton, "bg-blue-700 text-white hover:bg-blue-800")}
      >
        {t("myTests.action.prepare")}
      </Link>
    );
  if (action === "continue")
    return (
      <Link
        to={paths.test(row.enrollment_id)}
        aria-label={t("myTests.action.continueFor", { name })}
        className={cn(linkButton, "bg-amber-400 text-slate-900 hover:bg-amber-300")}
      >
        {t("myTests.action.continue")}
      </Link>
    );
  if (action === "result")
    return (
      <Link
        to={paths.result(row.enrollment_id)}
        aria-label={t("myTests.action.resultFor", { name })}
        className={cn(linkButton, "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100")}
      >
        {t("myTests.action.result")}
      </Link>
    );
  if (action === "closed")
    return <span className="text-sm text-slate-500">{t("myTests.action.closed")}</span>;
  if (action === "payment")
    return <span className="text-sm text-slate-500">{t("myTests.action.payment")}</span>;
  return <span className="text-sm text-slate-500">—</span>;
}
