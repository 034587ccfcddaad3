/**
 * Splits each catalogue (src/locales/vi.json and en.json) in two at build time, so the first visit
 * of the public pages does not carry every screen's texts:
 * - `virtual:messages/<lang>-core`: every key outside APP_NAMESPACES (public pages, auth, header,
 *   shared words); Vietnamese's is bundled into the entry, English's loads when English is chosen;
 * - `virtual:messages/<lang>-app`: the keys of the signed-in screens, loaded with the app layouts
 *   (English's only when English is on screen or chosen).
 * The messages are compiled to ICU ASTs here, so the parser stays out of the browser's bundle.
 * A key's namespace is its first dot segment. A namespace missing from the list lands in the core
 * (safe, only heavier).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

export const APP_NAMESPACES = [
  "analytics",
  "assignments",
  "dataCopy", // issue 24: a copy of one's data (profile page, parent's link)
  "grading",
  "guide", // /guide, signed in
  "home", // /home and its attention panel (issue 19)
  "itemAnalysis", // item analysis pages and the question bank's figures (issue 19)
  "learnerConsent", // issue 24: the consent prompt, banner and profile section (app layouts)
  "marketplace",
  "myTests",
  "parentConsent", // issue 24: the parent's page, whose route loads the app's texts
  "parentData", // issue 24: the child's data on the parent's page
  "people",
  "profile", // /profile and its personal data section (issue 24)
  "qb",
  "rounds",
  "shop",
  "surveys",
  "takeTest",
  "tests",
];

const CATALOGUES = {
  vi: fileURLToPath(new URL("./src/locales/vi.json", import.meta.url)),
  en: fileURLToPath(new URL("./src/locales/en.json", import.meta.url)),
} as const;
const PATTERN = /^virtual:messages\/(vi|en)-(core|app)$/;

export function messagesPlugin(): Plugin {
  return {
    name: "messages-split",
    resolveId(id) {
      return PATTERN.test(id) ? `\0${id}` : null;
    },
    load(id) {
      const match = id.startsWith("\0") ? PATTERN.exec(id.slice(1)) : null;
      if (!match) return null;
      const [, language, part] = match as unknown as [string, keyof typeof CATALOGUES, "core" | "app"];
      this.addWatchFile(CATALOGUES[language]);
      const all = JSON.parse(readFileSync(CATALOGUES[language], "utf8")) as Record<string, string>;
      const wantApp = part === "app";
      // Precompiled (ICU message ASTs): the browser's bundle carries no message parser (vite.config
      // aliases it to its no-parser build); a malformed message fails the build here.
      const chosen = Object.fromEntries(
        Object.entries(all)
          .filter(([key]) => APP_NAMESPACES.includes(key.split(".")[0] ?? "") === wantApp)
          .map(([key, message]) => [key, parse(message)]),
      );
      return `export default ${JSON.stringify(chosen)};`;
    },
  };
}
