/** The runner's save state of all answers: saved, saving, or how many failed. */
import { AlertTriangle, CheckCircle2, Loader2 } from "lucide-react";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { SaveState } from "./use-answer-saves";

export function SaveSummary({ saves }: { saves: Record<number, SaveState> }) {
  const t = useT();
  const states = Object.values(saves);
  const failed = states.filter((s) => s === "error").length;
  const saving = states.some((s) => s === "saving");
  return (
    <p
      data-testid="survey-save-status"
      data-state={failed ? "error" : saving ? "saving" : "saved"}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium",
        failed
          ? "bg-red-50 text-red-800"
          : saving
            ? "bg-amber-50 text-amber-900"
            : "bg-emerald-50 text-emerald-800",
      )}
    >
      {failed ? (
        <AlertTriangle className="h-4 w-4" aria-hidden="true" />
      ) : saving ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      )}
      {failed
        ? t("surveys.taking.failedCount", { count: failed })
        : saving
          ? t("surveys.taking.saving")
          : t("surveys.taking.allSaved")}
    </p>
  );
}
