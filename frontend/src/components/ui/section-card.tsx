/** A titled card of a page: a `section` named by its `h2`, an optional intro line under the title
 * and something at its right (a total, a button), then its content. Used by the preset pages, the
 * profile's consent and personal data, and the parent's page's child data. */
import { type ReactNode, useId } from "react";

import { cn } from "@/lib/cn";

export function SectionCard({
  id,
  title,
  intro,
  aside,
  className,
  children,
}: {
  /** The heading's id (the section's accessible name); generated when not given. */
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  aside?: ReactNode;
  /** Extra classes (the gap between the parts is `gap-4` unless replaced). */
  className?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("grid content-start gap-4 rounded-2xl border border-slate-200 bg-white p-5", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {intro && <p className="text-sm text-slate-600">{intro}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
