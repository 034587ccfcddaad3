/**
 * Splits the Vietnamese catalogue (src/locales/vi.json, the one file translators edit) in two at
 * build time, so the first visit of the public pages does not carry every screen's texts:
 * - `virtual:messages/vi-core`: every key outside APP_NAMESPACES (public pages, auth, header,
 *   shared words), bundled into the entry;
 * - `virtual:messages/vi-app`: the keys of the signed-in screens, loaded with the app layouts.
 * A key's namespace is its first dot segment. A namespace missing from the list lands in the core
 * (safe, only heavier). English (`en.json`) is loaded whole when chosen.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

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

const VI = fileURLToPath(new URL("./src/locales/vi.json", import.meta.url));
const IDS = { core: "virtual:messages/vi-core", app: "virtual:messages/vi-app" } as const;

export function messagesPlugin(): Plugin {
  return {
    name: "messages-split",
    resolveId(id) {
      return id === IDS.core || id === IDS.app ? `\0${id}` : null;
    },
    load(id) {
      if (id !== `\0${IDS.core}` && id !== `\0${IDS.app}`) return null;
      this.addWatchFile(VI);
      const all = JSON.parse(readFileSync(VI, "utf8")) as Record<string, string>;
      const wantApp = id === `\0${IDS.app}`;
      const part = Object.fromEntries(
        Object.entries(all).filter(([key]) => APP_NAMESPACES.includes(key.split(".")[0] ?? "") === wantApp),
      );
      return `export default ${JSON.stringify(part)};`;
    },
  };
}
