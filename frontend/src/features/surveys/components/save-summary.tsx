/** The runner's save state of all answers: saved, saving, or how many failed. */
import { SaveBadge } from "@/components/save-badge";
import { useT } from "@/lib/intl";

import type { SaveState } from "./use-answer-saves";

export function SaveSummary({ saves }: { saves: Record<number, SaveState> }) {
  const t = useT();
  const states = Object.values(saves);
  const failed = states.filter((s) => s === "error").length;
  const saving = states.some((s) => s === "saving");
  return (
    <SaveBadge
      data-testid="survey-save-status"
      data-state={failed ? "error" : saving ? "saving" : "saved"}
      tone={failed ? "failed" : saving ? "saving" : "saved"}
      label={
        failed
          ? t("surveys.taking.failedCount", { count: failed })
          : saving
            ? t("surveys.taking.saving")
            : t("surveys.taking.allSaved")
      }
    />
  );
}
