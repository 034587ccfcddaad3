/** The status pills of every list (spec §3 status colours): `Badge` with a named tone, or `Pill`
 * with the feature's own colour classes. One shape for every feature (issue 22). */
import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

/** Text and background pairs at 4.5:1 or more (WCAG 1.4.3). */
export const TONE = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  sky: "bg-sky-50 text-sky-800 ring-sky-200",
} as const;
export type Tone = keyof typeof TONE;

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        TONE[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A pill with the caller's colours; `md` on result pages, `sm` in tables. */
export function Pill({
  className,
  size = "sm",
  children,
}: {
  className: string;
  size?: "sm" | "md";
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex w-fit whitespace-nowrap rounded-full font-medium",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        className,
      )}
    >
      {children}
    </span>
  );
}
