import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

/** A white card named by its heading (`id` is the heading's id): the checkout's summary and
 * order, the cart's summary, a transaction's details. */
export function Panel({
  id,
  title,
  as: Tag = "section",
  padding = "p-4 sm:p-6",
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  as?: "section" | "aside";
  /** Padding classes (cn does not merge Tailwind classes: pass the whole padding here). */
  padding?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag
      aria-labelledby={id}
      className={cn("grid gap-4 rounded-2xl border border-slate-200 bg-white", padding, className)}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Tag>
  );
}
