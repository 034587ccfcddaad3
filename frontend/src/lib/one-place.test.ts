/** Issue 22: one building block, one place. Fails when a copy of a shared block reappears in a
 * feature (the copies this issue removed). */
import { describe, expect, it } from "vitest";

import { sourceFiles } from "@/testing/source-files";

const FILES = sourceFiles();

/** The files (other than `home`) whose text matches `pattern`. */
function holders(pattern: RegExp, home: string[]): string[] {
  return FILES.filter(({ path, text }) => !home.includes(path) && pattern.test(text)).map(({ path }) => path);
}

describe("one place for each shared block", () => {
  it("formats dates only in lib/format (Vietnam time, decision 0013)", () => {
    expect(holders(/DateTimeFormat|\.toLocale(Date|Time)?String\(/, ["lib/format.ts"])).toEqual([]);
  });

  it("declares the page shape once", () => {
    expect(holders(/interface Page<|type Page<T>/, ["lib/api/types.ts"])).toEqual([]);
  });

  it("reads the CSRF cookie and builds requests only in the API client", () => {
    expect(
      holders(/csrftoken|X-CSRFToken|new XMLHttpRequest/, ["lib/api-client.ts", "testing/render-route.tsx"]),
    ).toEqual([]);
  });

  it("keeps one copy of the shared hooks and helpers", () => {
    expect(holders(/export function useDebounced\b/, ["lib/use-debounced.ts"])).toEqual([]);
    expect(
      holders(/export function (clockOffset|formatClock|useCountdown)\b/, ["lib/server-clock.ts"]),
    ).toEqual([]);
    expect(holders(/export function applyServerErrors\b/, ["lib/forms.ts"])).toEqual([]);
    expect(holders(/export function MathHtml\b/, ["components/math-html.tsx"])).toEqual([]);
    expect(holders(/export function renderRoute\b/, ["testing/render-route.tsx"])).toEqual([]);
  });

  it("keeps every file of a feature under 400 lines unless its top says why", () => {
    const long = FILES.filter(({ path }) => path.startsWith("features/"))
      .filter(
        ({ text }) => text.split("\n").length > 400 && !/^\/\/ Over 400 lines: /m.test(text.slice(0, 400)),
      )
      .map(({ path }) => path);
    expect(long).toEqual([]);
  });
});
