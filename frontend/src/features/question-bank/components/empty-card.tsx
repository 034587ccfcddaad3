import type { ReactNode } from "react";

/** The dashed card of an empty list. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
      {children}
    </div>
  );
}
