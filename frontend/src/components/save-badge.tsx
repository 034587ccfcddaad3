/** Whether what the learner gave is saved: a badge that is green when saved, amber while saving
 * and red when something could not be saved (the test page and the survey runner). The badge is
 * for the eyes; a screen reader is told only what changes the learner's next step (issue 38: "Đang
 * lưu…" and "Đã lưu" after every answer, 16 times in 28 s, drowned the questions): a save that
 * fails, at once (role="alert"), and the recovery after it, politely (role="status"). */
import { AlertTriangle, CheckCircle2, Loader2, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { cn } from "@/lib/cn";

export type SaveTone = "saved" | "saving" | "failed";

const TONES: Record<SaveTone, { className: string; icon: LucideIcon }> = {
  saved: { className: "bg-emerald-50 text-emerald-800", icon: CheckCircle2 },
  saving: { className: "bg-amber-50 text-amber-900", icon: Loader2 },
  failed: { className: "bg-red-50 text-red-800", icon: AlertTriangle },
};

export function SaveBadge({
  tone,
  label,
  icon,
  ...data
}: {
  tone: SaveTone;
  label: string;
  /** Instead of the tone's icon. */
  icon?: LucideIcon;
  "data-testid"?: string;
  "data-state"?: string;
}) {
  const Icon = icon ?? TONES[tone].icon;
  // What the live regions say: the failure's label when saving starts failing (not again while
  // it goes on, though the label may count more waiting answers), the saved label once all is
  // saved after a failure. Each empties when the other speaks, so the next failure is news again.
  const [told, setTold] = useState<{ failure: string; recovery: string }>({ failure: "", recovery: "" });
  const failing = useRef(false);
  useEffect(() => {
    if (tone === "failed" && !failing.current) {
      failing.current = true;
      setTold({ failure: label, recovery: "" });
    } else if (tone === "saved" && failing.current) {
      failing.current = false;
      setTold({ failure: "", recovery: label });
    }
  }, [tone, label]);
  return (
    <>
      <p
        {...data}
        className={cn(
          "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium",
          TONES[tone].className,
        )}
      >
        <Icon className={cn("h-4 w-4", Icon === Loader2 && "animate-spin")} aria-hidden="true" />
        {label}
      </p>
      <span role="alert" aria-live="assertive" aria-atomic="true" className="sr-only">
        {told.failure}
      </span>
      <span role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {told.recovery}
      </span>
    </>
  );
}
