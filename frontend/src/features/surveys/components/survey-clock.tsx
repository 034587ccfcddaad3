/** The time left of a time-limited survey, by the server's clock ("mm:ss"; red in the last two
 * minutes). A named role="timer", like the test's clock: timers are not live regions, so screen
 * readers read it when the learner reaches it, not every second. */
import { Clock } from "lucide-react";
import { useId } from "react";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";
import { formatClock } from "@/lib/server-clock";

export function SurveyClock({ leftMs }: { leftMs: number }) {
  const t = useT();
  const labelId = useId();
  return (
    <p
      role="timer"
      aria-labelledby={labelId}
      className={cn(
        "inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium tabular-nums",
        leftMs < 120_000 ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-800",
      )}
    >
      <Clock className="h-4 w-4" aria-hidden="true" />
      <span id={labelId} className="sr-only">
        {t("surveys.taking.timeLeft")}{" "}
      </span>
      {formatClock(leftMs)}
    </p>
  );
}
