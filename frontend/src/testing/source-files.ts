/** The SPA's source files (not tests, not generated types), for the structural checks of issue 22
 * (lib/one-place.test.ts, lib/api/one-query-key.test.ts). Paths are relative to src/. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = join(__dirname, "..");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

export function sourceFiles(): { path: string; text: string }[] {
  return walk(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, "utf8") }));
}
