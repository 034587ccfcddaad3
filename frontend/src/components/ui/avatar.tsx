import { cn } from "@/lib/cn";

/** Sizes of spec §3: sm 40px, base 64px, lg 128px; shapes circle and square. */
const SIZES = { sm: "h-10 w-10 text-sm", base: "h-16 w-16 text-lg", lg: "h-32 w-32 text-3xl" } as const;

/** First letters of the first and last words, upper-cased (spec §3). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

export function Avatar({
  name,
  src,
  size = "sm",
  shape = "circle",
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  shape?: "circle" | "square";
}) {
  const round = shape === "circle" ? "rounded-full" : "rounded-lg";
  if (src) return <img src={src} alt={name} className={cn(SIZES[size], round, "object-cover")} />;
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        SIZES[size],
        round,
        "inline-flex items-center justify-center bg-blue-100 font-semibold text-blue-800",
      )}
    >
      {initials(name)}
    </span>
  );
}
