/** A titled card of the preset pages (named by its heading), with an optional hint under the
 * title and something at its right (a total, a button). */
import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

export function Section({
  id,
  title,
  hint,
  aside,
  className,
  children,
}: {
  /** The heading's id (the section's accessible name). */
  id: string;
  title: string;
  hint?: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("grid content-start gap-4 rounded-2xl border border-slate-200 bg-white p-5", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={id} className="font-semibold">
            {title}
          </h2>
          {hint && <p className="text-sm text-slate-600">{hint}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
