import { vietnamDaysBetween } from "@/lib/format";

export type NotificationGroup = "today" | "yesterday" | "last7" | "older";

export const GROUPS: NotificationGroup[] = ["today", "yesterday", "last7", "older"];

/** Group by Vietnam calendar day (the product's zone, decision 0013), whatever the browser's zone:
 * today, yesterday, last 7 days, older. */
export function groupOf(createdAt: string, now: Date = new Date()): NotificationGroup {
  const ago = vietnamDaysBetween(createdAt, now);
  if (ago <= 0) return "today";
  if (ago === 1) return "yesterday";
  if (ago <= 6) return "last7";
  return "older";
}
