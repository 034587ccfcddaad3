/** A titled card of a page: a `section` named by its `h2`, an optional intro line, then its
 * content (the profile's consent and personal data, the parent's page's child data). */
import { type ReactNode, useId } from "react";

import { cn } from "@/lib/cn";

export function SectionCard({
  title,
  intro,
  className,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** The gap between the parts (default `gap-6`). */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("grid gap-6 rounded-2xl border border-slate-200 bg-white p-5", className)}
    >
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {intro && <p className="text-sm text-slate-600">{intro}</p>}
      </div>
      {children}
    </section>
  );
}
