/** Whether what the learner gave is saved: a badge that is green when saved, amber while saving
 * and red when something could not be saved (the test page and the survey runner). Screen readers
 * hear each change politely (role="status"), or at once (role="alert") for a tone that needs it. */
import { AlertTriangle, CheckCircle2, Loader2, type LucideIcon } from "lucide-react";

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
  alert = false,
  ...data
}: {
  tone: SaveTone;
  label: string;
  /** Instead of the tone's icon. */
  icon?: LucideIcon;
  /** Announce the badge at once (role="alert") while it shows this tone; else role="status". */
  alert?: boolean;
  "data-testid"?: string;
  "data-state"?: string;
}) {
  const Icon = icon ?? TONES[tone].icon;
  return (
    <p
      {...data}
      role={alert ? "alert" : "status"}
      aria-live={alert ? "assertive" : "polite"}
      aria-atomic="true"
      className={cn(
        "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium",
        TONES[tone].className,
      )}
    >
      <Icon className={cn("h-4 w-4", Icon === Loader2 && "animate-spin")} aria-hidden="true" />
      {label}
    </p>
  );
}
