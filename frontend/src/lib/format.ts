/** Numbers, money and dates in the active locale (vi-VN or en-GB): the one place the SPA formats
 * them (issue 22). Dates and times are always Vietnam time (Asia/Ho_Chi_Minh), in the server's
 * patterns (decision 0013), never the browser's zone. */
export function formatVnd(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "VND",
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A number (a score, points, a factor, a count) in the locale's format (vi "1.234,5", en
 * "1,234.5") with at most `digits` decimals (2 unless told) and no trailing zeros. */
export function formatNumber(value: number, locale: string, digits = 2): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A file's size in bytes as kB or MB in the locale's format: vi "1,2 MB", en "1.2 MB". */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: megabytes ? "megabyte" : "kilobyte",
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
}

/** A fraction as a whole percent in the locale's format: 0.6667 -> vi "67%", en "67%". */
export function formatPercent(fraction: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(fraction);
}

/** The product's time zone (decision 0013): every date and time the SPA shows is Vietnam time,
 * whatever the browser's zone, with the server's fixed patterns per language. */
export const TIME_ZONE = "Asia/Ho_Chi_Minh";

/** What can be formatted: an ISO instant ("2026-11-28T01:00:00Z"), a Date or epoch milliseconds,
 * or a calendar day ("2026-11-28", taken as that day in Vietnam). */
export type DateInput = string | number | Date;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return new Date(`${value}T00:00:00+07:00`);
  return value instanceof Date ? value : new Date(value);
}

const english = (locale: string) => locale.toLowerCase().startsWith("en");

const numeric = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const monthName = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, month: "short" });

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  /** English short month name ("Nov"). */
  mon: string;
}

function parts(value: DateInput): Parts {
  const date = toDate(value);
  const out: Record<string, string> = {};
  for (const part of numeric.formatToParts(date)) out[part.type] = part.value;
  return {
    year: out.year ?? "",
    month: out.month ?? "",
    day: out.day ?? "",
    hour: out.hour ?? "",
    minute: out.minute ?? "",
    mon: monthName.format(date),
  };
}

/** vi "08:00 28/11/2026", en "28 Nov 2026, 08:00" (Vietnam time). */
export function formatDateTime(value: DateInput, locale: string): string {
  const p = parts(value);
  return english(locale)
    ? `${Number(p.day)} ${p.mon} ${p.year}, ${p.hour}:${p.minute}`
    : `${p.hour}:${p.minute} ${p.day}/${p.month}/${p.year}`;
}

/** vi "28/11/2026", en "28 Nov 2026" (the Vietnam day). */
export function formatDate(value: DateInput, locale: string): string {
  const p = parts(value);
  return english(locale) ? `${Number(p.day)} ${p.mon} ${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/** A chart's day: vi "28/11", en "28 Nov". */
export function formatShortDay(value: DateInput, locale: string): string {
  const p = parts(value);
  return english(locale) ? `${Number(p.day)} ${p.mon}` : `${p.day}/${p.month}`;
}

/** A chart's month: vi "11/2026", en "Nov 2026". */
export function formatMonth(value: DateInput, locale: string): string {
  const p = parts(value);
  return english(locale) ? `${p.mon} ${p.year}` : `${p.month}/${p.year}`;
}

/** The time of day (Vietnam time): "08:00", or "08:00:05" with `seconds`; the same in both
 * languages. */
export function formatTime(value: DateInput, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  const p = parts(date);
  if (!seconds) return `${p.hour}:${p.minute}`;
  const s = String(Math.floor((date.getTime() / 1000) % 60)).padStart(2, "0");
  return `${p.hour}:${p.minute}:${s}`;
}

/** A span of time (Vietnam time). On one day: vi "08:00 – 10:00 12/12/2026", en "12 Dec 2026,
 * 08:00 – 10:00"; across days, both ends in full; an end not after the start gives the start. */
export function formatDateTimeRange(start: DateInput, end: DateInput, locale: string): string {
  const from = toDate(start);
  const to = toDate(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return "";
  if (to <= from) return formatDateTime(from, locale);
  if (vietnamDay(from) !== vietnamDay(to))
    return `${formatDateTime(from, locale)} – ${formatDateTime(to, locale)}`;
  return english(locale)
    ? `${formatDate(from, locale)}, ${formatTime(from)} – ${formatTime(to)}`
    : `${formatTime(from)} – ${formatTime(to)} ${formatDate(from, locale)}`;
}

/** The Vietnam calendar day of an instant, "YYYY-MM-DD". */
export function vietnamDay(value: DateInput): string {
  const p = parts(value);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Whole Vietnam days from `earlier` to `later` (0 on the same day, 1 for the day before). */
export function vietnamDaysBetween(earlier: DateInput, later: DateInput): number {
  const dayNumber = (value: DateInput) => Date.parse(`${vietnamDay(value)}T00:00:00Z`) / 86_400_000;
  return dayNumber(later) - dayNumber(earlier);
}

/** Short weekday names Monday .. Sunday: vi "Thứ 2" .. "CN", en "Mon" .. "Sun". */
export function weekdayNames(locale: string): string[] {
  const fmt = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short" });
  return Array.from({ length: 7 }, (_, i) => fmt.format(Date.UTC(2024, 0, 1 + i))); // 1 Jan 2024: a Monday
}

/** End of the given day as an ISO UTC timestamp at 23:59:59, no milliseconds (spec §9). */
export function endOfDayUtc(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 23, 59, 59));
  return isoNoMillis(d);
}

export function isoNoMillis(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `YYYY-MM-DDTHH:mm` in local time, for <input type="datetime-local"> (spec §9). */
export function toDatetimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
