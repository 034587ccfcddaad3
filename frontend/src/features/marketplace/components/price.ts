import { formatVnd } from "@/lib/format";

/** A price in VND through Intl, or `free` for 0 (free allowed, issue 5 item 6). */
export function priceText(amount: number, locale: string, free: string): string {
  return amount === 0 ? free : formatVnd(amount, locale);
}
