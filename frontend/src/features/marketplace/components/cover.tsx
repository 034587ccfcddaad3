/** A listing's cover: its image, or a colour block generated from its subject (the same subject
 * always gets the same colour) showing the subject and the grade. */
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { Listing } from "../api/types";

const PALETTE = [
  "from-blue-600 to-sky-400",
  "from-emerald-600 to-teal-400",
  "from-violet-600 to-fuchsia-400",
  "from-amber-500 to-orange-400",
  "from-rose-600 to-pink-400",
  "from-cyan-600 to-blue-400",
  "from-indigo-600 to-violet-400",
  "from-lime-600 to-emerald-400",
];

/** A stable index into the palette for `key`. */
export function paletteIndex(key: string): number {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % PALETTE.length;
}

export function Cover({
  listing,
  className,
  shape = "wide",
  first = false,
}: {
  listing: Listing;
  className?: string;
  /** "wide" (2:1, the grid's cards) or "photo" (4:3, the detail page). */
  shape?: "wide" | "photo";
  /** In the grid's first row, the page's largest paint (index.html preloads it): loaded at once,
   * at high priority, not lazily. */
  first?: boolean;
}) {
  const t = useT();
  if (listing.cover_image) {
    return (
      <img
        src={listing.cover_image}
        alt=""
        className={cn("w-full object-cover", shape === "wide" ? "aspect-[2/1]" : "aspect-[4/3]", className)}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
      />
    );
  }
  const subject = listing.subjects[0] ?? listing.name;
  const key = listing.subject_codes[0] ?? listing.name;
  return (
    <div
      aria-hidden="true"
      data-testid="cover-placeholder"
      className={cn(
        "flex w-full flex-col justify-between bg-gradient-to-br p-4 text-white",
        shape === "wide" ? "aspect-[2/1]" : "aspect-[4/3]",
        PALETTE[paletteIndex(key)],
        className,
      )}
    >
      {/* Opaque: translucent white over the gradient gave white text 1.7-4.4:1 (issue 38). */}
      <span className="w-fit rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-800">
        {listing.grade ? t("marketplace.gradeN", { grade: listing.grade }) : t("marketplace.allGrades")}
      </span>
      <span className="text-2xl font-semibold leading-tight drop-shadow-sm">
        {subject}
        {listing.subjects.length > 1 && (
          <span className="ml-2 text-base font-medium opacity-90">+{listing.subjects.length - 1}</span>
        )}
      </span>
    </div>
  );
}
