import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { Listing } from "../api/types";

/** A listing's grade and subjects as chips ("sm" on the grid's cards, "md" on its page). */
export function ListingTags({ listing, size = "sm" }: { listing: Listing; size?: "sm" | "md" }) {
  const t = useT();
  const chip = cn("rounded-full py-0.5", size === "sm" ? "px-2" : "px-2.5");
  return (
    <div className={cn("flex flex-wrap gap-1.5", size === "sm" ? "text-xs" : "text-sm")}>
      {listing.grade && (
        <span className={cn(chip, "bg-slate-100", size === "sm" ? "text-slate-700" : "text-slate-800")}>
          {t("marketplace.gradeN", { grade: listing.grade })}
        </span>
      )}
      {listing.subjects.map((s) => (
        <span key={s} className={cn(chip, "bg-blue-50 text-blue-800")}>
          {s}
        </span>
      ))}
    </div>
  );
}
