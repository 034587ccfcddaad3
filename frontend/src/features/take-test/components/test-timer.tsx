/** The time left, by the server's clock; it can be hidden. The clock is a named role="timer"
 * (not live: it is not read every second); screen readers hear the time only when 10, 5 and 1
 * minutes are left, politely (a live region that changes at those moments only; it waits for the
 * learner's current speech instead of interrupting it). */
import { Eye, EyeOff, Timer } from "lucide-react";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";
import { formatClock, useCountdown } from "@/lib/server-clock";

import { crossedThreshold } from "../lib/timer";

const HIDDEN_KEY = "takeTest.timerHidden";

export function TestTimer({
  deadline,
  offset,
  onExpire,
}: {
  deadline: string;
  offset: number;
  onExpire: () => void;
}) {
  const t = useT();
  const labelId = useId();
  const [announcement, setAnnouncement] = useState("");
  const [hidden, setHidden] = useState(() => {
    try {
      return window.sessionStorage.getItem(HIDDEN_KEY) === "1";
    } catch {
      return false;
    }
  });
  const left =
    useCountdown(deadline, {
      offsetMs: offset,
      onTick: (previous, current) => {
        const crossed = crossedThreshold(previous, current);
        if (crossed !== null) setAnnouncement(t("takeTest.timer.announce", { minutes: crossed }));
      },
      onExpire,
    }) ?? 0;

  const toggle = () => {
    setHidden((h) => {
      try {
        window.sessionStorage.setItem(HIDDEN_KEY, h ? "0" : "1");
      } catch {
        /* the choice lasts for this page */
      }
      return !h;
    });
  };
  const low = left <= 5 * 60_000;
  return (
    <div className="flex items-center gap-2">
      {!hidden && (
        <p
          role="timer"
          aria-labelledby={labelId}
          className={cn(
            "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 font-mono text-lg font-semibold tabular-nums",
            low ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-900",
          )}
        >
          <Timer className="h-4 w-4" aria-hidden="true" />
          <span id={labelId} className="sr-only">
            {t("takeTest.timer.label")}{" "}
          </span>
          {formatClock(left)}
        </p>
      )}
      <Button variant="ghost" size="sm" aria-pressed={hidden} onClick={toggle}>
        {hidden ? (
          <Eye className="h-4 w-4" aria-hidden="true" />
        ) : (
          <EyeOff className="h-4 w-4" aria-hidden="true" />
        )}
        {t(hidden ? "takeTest.timer.show" : "takeTest.timer.hide")}
      </Button>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="timer-announcer">
        {announcement}
      </p>
    </div>
  );
}
