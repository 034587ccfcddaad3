/** Loading, failure (with retry) and empty states shared by the /assignment pages. */
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

export function Loading() {
  const t = useT();
  return (
    <p role="status" className="p-6 text-center text-sm text-slate-500">
      {t("common.loading")}
    </p>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      {t("assignments.loadFailed")}
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("assignments.retry")}
      </Button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
      {children}
    </div>
  );
}
