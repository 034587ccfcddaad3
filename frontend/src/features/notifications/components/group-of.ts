export type NotificationGroup = "today" | "yesterday" | "last7" | "older";

export const GROUPS: NotificationGroup[] = ["today", "yesterday", "last7", "older"];

/** Group by the reader's local day (their time zone): today, yesterday, last 7 days, older. */
export function groupOf(createdAt: string, now: Date = new Date()): NotificationGroup {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const daysAgo = (days: number) =>
    new Date(startOfToday.getFullYear(), startOfToday.getMonth(), startOfToday.getDate() - days).getTime();
  const time = new Date(createdAt).getTime();
  if (time >= startOfToday.getTime()) return "today";
  if (time >= daysAgo(1)) return "yesterday";
  if (time >= daysAgo(6)) return "last7";
  return "older";
}
