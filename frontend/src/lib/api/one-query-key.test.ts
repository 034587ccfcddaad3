/** Issue 22: each endpoint is read through one module with one query-key factory. Fails when a
 * GET path is fetched from two source files, or when a query key is written out inline outside
 * an `api/` module (so that a page's invalidation cannot miss the key it meant). */
import { describe, expect, it } from "vitest";

import { sourceFiles } from "@/testing/source-files";

const FILES = sourceFiles();

/** GET calls through the API client: `api<…>(path…)` / `request<…>(path…)` without a method
 * other than GET in the options that follow. Paths are normalized (`${id}` → `{}`). */
function getPaths(text: string): string[] {
  const found: string[] = [];
  const call = /\b(?:api|request)<[^(]*?>\(\s*([`"])(\/(?:api|public)\/[^`"]*)\1([^;]{0,200})/g;
  for (const match of text.matchAll(call)) {
    const options = match[3] ?? "";
    const method = /method:\s*"([A-Z]+)"/.exec(options)?.[1];
    if (method && method !== "GET") continue;
    found.push(match[2]!.replace(/\$\{[^}]+\}/g, "{}").replace(/\?.*$/, ""));
  }
  return found;
}

describe("one query key per endpoint", () => {
  it("fetches each GET path from one module only", () => {
    const readers = new Map<string, Set<string>>();
    for (const { path, text } of FILES) {
      for (const endpoint of getPaths(text)) {
        readers.set(endpoint, (readers.get(endpoint) ?? new Set()).add(path));
      }
    }
    const shared = [...readers]
      .filter(([, files]) => files.size > 1)
      .map(([e, f]) => `${e}: ${[...f].join(", ")}`);
    expect(shared).toEqual([]);
    expect(readers.size).toBeGreaterThan(50); // the scan sees the client's calls
  });

  it("writes query keys only in api modules", () => {
    const inline = FILES.filter(({ path }) => !/(^|\/)api\//.test(path) && !path.startsWith("lib/"))
      .filter(({ text }) => /queryKey:\s*\[/.test(text))
      .map(({ path }) => path);
    expect(inline).toEqual([]);
  });
});
