/** A whole-VND amount typed with thousands separators of the active locale (vi-VN "150.000",
 * en-GB "150,000"), the currency shown beside it. The value is an integer or null when empty;
 * the caret stays after the same digit while separators come and go. */
import { forwardRef, useLayoutEffect, useRef, type InputHTMLAttributes } from "react";

import { cn } from "@/lib/cn";
import { useLanguage } from "@/lib/intl";

/** "150.000" (vi-VN) for 150000; "" for null. */
export function formatVndDigits(value: number | null, locale: string): string {
  return value === null ? "" : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** The integer the digits of `text` spell (separators and other characters ignored), or null. */
export function parseVndDigits(text: string): number | null {
  const digits = text.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  return digits ? Number(digits.slice(0, 15)) : null;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

export const VndInput = forwardRef<HTMLInputElement, Props>(function VndInput(
  { value, onChange, className, ...props },
  forwarded,
) {
  const { locale } = useLanguage();
  const inner = useRef<HTMLInputElement | null>(null);
  const caretDigits = useRef<number | null>(null);
  const text = formatVndDigits(value, locale);

  useLayoutEffect(() => {
    const input = inner.current;
    if (!input || caretDigits.current === null || document.activeElement !== input) return;
    // Put the caret after the same number of digits as before reformatting.
    let seen = 0;
    let position = 0;
    while (position < text.length && seen < caretDigits.current) {
      if (/\d/.test(text[position]!)) seen += 1;
      position += 1;
    }
    input.setSelectionRange(position, position);
    caretDigits.current = null;
  }, [text]);

  return (
    <div className="relative">
      <input
        ref={(node) => {
          inner.current = node;
          if (typeof forwarded === "function") forwarded(node);
          else if (forwarded) forwarded.current = node;
        }}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          const caret = e.target.selectionStart ?? e.target.value.length;
          caretDigits.current = e.target.value.slice(0, caret).replace(/\D/g, "").length;
          onChange(parseVndDigits(e.target.value));
        }}
        className={cn(
          "block w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-12 text-right text-sm tabular-nums shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500",
          className,
        )}
        {...props}
      />
      <span
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
        aria-hidden="true"
      >
        ₫
      </span>
    </div>
  );
});
