import { useEffect, useState } from "react";

import { serverNow } from "@/lib/server-clock";

/** Milliseconds left until `deadline` (ISO) on the server's clock, updated every second. */
export function useRemaining(deadline: string): number {
  const target = Date.parse(deadline);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    const timer = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return Math.max(0, target - now);
}

/** "29:05" or "1:02:09". */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
