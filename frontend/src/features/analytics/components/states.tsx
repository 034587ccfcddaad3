/** Loading skeletons, the empty state and the forbidden note of the analytics screens (loading and
 * failed lists and figures use the list kit's QueryRows/QueryState). A 403 (learners: the
 * API answers `forbidden_role`) is said plainly instead of a raw error. */
import { BarChart3, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("block animate-pulse rounded-xl bg-slate-200", className)} />;
}

/** The page for people who may not read the market (learners). */
export function ForbiddenNote() {
  const t = useT();
  return (
    <div
      role="note"
      className="grid justify-items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <Lock className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="text-lg font-semibold">{t("analytics.forbidden.title")}</h1>
      <p className="max-w-md text-slate-700">{t("analytics.forbidden.body")}</p>
      <Link to={paths.home} className="text-sm font-medium text-blue-700 underline underline-offset-4">
        {t("common.home")}
      </Link>
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
      <BarChart3 className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p>{children}</p>
      {action}
    </div>
  );
}
