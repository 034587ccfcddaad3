/** A whole-VND amount typed with thousands separators of the active locale (vi-VN "150.000",
 * en-GB "150,000"), the currency shown beside it. The value is null when empty, else the number
 * typed: a whole amount of 0 or more shows formatted (the caret stays after the same digit while
 * separators come and go); anything else (a minus sign, a fraction, letters) stays as typed and
 * reaches the form as a negative number or NaN, for its rules to refuse with their message
 * (`isVndAmount`): nothing typed is dropped silently (issue 19). */
import { forwardRef, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from "react";

import { cn } from "@/lib/cn";
import { useLanguage } from "@/lib/intl";

/** "150.000" (vi-VN) for 150000; "" for null. */
export function formatVndDigits(value: number | null, locale: string): string {
  return value === null ? "" : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A whole amount of VND, 0 or more. */
export function isVndAmount(value: number | null): value is number {
  return value !== null && Number.isSafeInteger(value) && value >= 0;
}

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
}

/** The amount `text` spells in `locale`: null when empty; the whole number typed, negative too
 * ("-150.000" in vi-VN is -150000); NaN for anything else, a decimal separator included (VND has
 * no fractions: "1.500,5" in vi-VN, "150.000" in en-GB). Group separators, spaces and the
 * currency ("₫", "đ", "VND") are ignored. */
export function parseVnd(text: string, locale: string): number | null {
  const { group, decimal } = separators(locale);
  const plain = text
    .replace(/VND|[\s₫đĐ]/gi, "")
    .split(group)
    .join("")
    .replace(/^[−–]/, "-");
  if (plain === "") return null;
  return !plain.includes(decimal) && /^-?\d+$/.test(plain) ? Number(plain) : Number.NaN;
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
  // What was typed when it is not a whole amount, kept while the value is still what it spelled.
  const [typed, setTyped] = useState<{ text: string; value: number } | null>(null);
  const text =
    typed !== null && value !== null && Object.is(typed.value, value)
      ? typed.text
      : formatVndDigits(value, locale);

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
          const next = parseVnd(e.target.value, locale);
          if (next === null || isVndAmount(next)) {
            const caret = e.target.selectionStart ?? e.target.value.length;
            caretDigits.current = e.target.value.slice(0, caret).replace(/\D/g, "").length;
            setTyped(null);
          } else {
            setTyped({ text: e.target.value, value: next });
          }
          onChange(next);
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
