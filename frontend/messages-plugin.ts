/**
 * Splits each catalogue (src/locales/vi.json and en.json) at build time, so that a page loads
 * only the texts it shows (issue 20; decision 0027, and decision 0029 for the split per feature):
 * - `virtual:messages/<lang>-core`: every key outside APP_NAMESPACES (auth, header, page titles,
 *   shared words); Vietnamese's is bundled into the entry, English's loads when English is chosen;
 * - `virtual:messages/group/<group>`: one namespace's Vietnamese texts (a signed-in feature's, or
 *   one public page's) (or the route titles
 *   of the signed-in pages, group `titles`), registered with `registerTexts`
 *   (src/lib/messages-store.ts). This plugin imports the group statically into every source
 *   module whose code names one of its keys (a string or template literal beginning
 *   `"<namespace>.`), so a page's chunk carries its namespaces and nothing else, and they are
 *   registered before the page's module runs (no render without them). When English is on screen
 *   or stored, the group's English texts (`virtual:messages/en/<group>`) load at that moment, and
 *   the lazy routes await them (`textsReady`), so a page never renders in the other language
 *   either. (Not a top-level await: Rollup would then move the entry's libraries into a chunk of
 *   their own, 1.5 KB more on every first visit.)
 * The messages are compiled to ICU ASTs here, so the parser stays out of the browser's bundle.
 * A key's namespace is its first dot segment. A namespace missing from the list lands in the core
 * (safe, only heavier). A key built from a variable alone (no literal `"<namespace>.` prefix in
 * its module) would not be found: write the namespace literally.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

import { APP_NAMESPACES, namespacesIn } from "./messages-namespaces";


const CATALOGUES = {
  vi: fileURLToPath(new URL("./src/locales/vi.json", import.meta.url)),
  en: fileURLToPath(new URL("./src/locales/en.json", import.meta.url)),
} as const;
type Language = keyof typeof CATALOGUES;
const SRC = fileURLToPath(new URL("./src/", import.meta.url));
const STORE = fileURLToPath(new URL("./src/lib/messages-store.ts", import.meta.url));
const ROUTES = fileURLToPath(new URL("./src/app/routes.tsx", import.meta.url));
/** Modules that must not pull groups: the store (a group imports it), the language provider and
 * the route table (in the entry; the route titles come with the layouts' `titles` group). */
const NOT_SCANNED = [STORE, fileURLToPath(new URL("./src/lib/intl.tsx", import.meta.url)), ROUTES];

const CORE = /^virtual:messages\/(vi|en)-core$/;
const GROUP = /^virtual:messages\/group\/(\w+)$/;
const ENGLISH = /^virtual:messages\/en\/(\w+)$/;

/** The app-namespace keys the route table names as page titles (`titleId: "ns.key"`). */
function titleKeys(): Set<string> {
  const code = readFileSync(ROUTES, "utf8");
  return new Set(
    [...code.matchAll(/titleId:\s*"([\w.]+)"/g)]
      .map((m) => m[1]!)
      .filter((key) => APP_NAMESPACES.includes(key.split(".")[0]!)),
  );
}


export function messagesPlugin(): Plugin {
  const texts = (language: Language, keep: (key: string) => boolean): Record<string, unknown> => {
    const all = JSON.parse(readFileSync(CATALOGUES[language], "utf8")) as Record<string, string>;
    // Precompiled (ICU message ASTs): the browser's bundle carries no message parser (vite.config
    // aliases it to its no-parser build); a malformed message fails the build here.
    return Object.fromEntries(
      Object.entries(all)
        .filter(([key]) => keep(key))
        .map(([key, message]) => [key, parse(message)]),
    );
  };
  const inGroup = (group: string): ((key: string) => boolean) => {
    if (group === "titles") {
      const titles = titleKeys();
      return (key) => titles.has(key);
    }
    return (key) => key.split(".")[0] === group;
  };
  const known = (group: string) => group === "titles" || APP_NAMESPACES.includes(group);
  return {
    name: "messages-split",
    enforce: "pre",
    resolveId(id) {
      return CORE.test(id) || GROUP.test(id) || ENGLISH.test(id) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith("\0virtual:messages/")) return null;
      const name = id.slice(1);
      for (const file of Object.values(CATALOGUES)) this.addWatchFile(file);
      this.addWatchFile(ROUTES);
      const core = CORE.exec(name);
      if (core) {
        const keep = (key: string) => !APP_NAMESPACES.includes(key.split(".")[0] ?? "");
        return `export default ${JSON.stringify(texts(core[1] as Language, keep))};`;
      }
      const english = ENGLISH.exec(name);
      if (english && known(english[1]!))
        return `export default ${JSON.stringify(texts("en", inGroup(english[1]!)))};`;
      const group = GROUP.exec(name);
      if (group && known(group[1]!))
        return [
          `import { registerTexts } from ${JSON.stringify(STORE)};`,
          `registerTexts(${JSON.stringify(group[1])}, ${JSON.stringify(texts("vi", inGroup(group[1]!)))}, () => import("virtual:messages/en/${group[1]}"));`,
        ].join("\n");
      this.error(`unknown messages module ${name}`);
    },
    /** dist/.vite/texts.json: which chunk carries which groups' Vietnamese texts, and each
     * group's English chunk (and the English core's), so the server can name an English reader's
     * text chunks for modulepreload with the page's (platform/config/preload.py, decision 0035):
     * `{"groups": {"<chunk file>": ["<group>", ...]}, "english": {"core": "<file>", "<group>":
     * "<file>"}}`. */
    generateBundle(_options, bundle) {
      const groups: Record<string, string[]> = {};
      const english: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const own = chunk.moduleIds.flatMap((id) => GROUP.exec(id.replace(/^\0/, ""))?.[1] ?? []);
        if (own.length) groups[chunk.fileName] = own.sort();
        const facade = (chunk.facadeModuleId ?? "").replace(/^\0/, "");
        if (CORE.exec(facade)?.[1] === "en") english.core = chunk.fileName;
        const group = ENGLISH.exec(facade)?.[1];
        if (group) english[group] = chunk.fileName;
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/texts.json",
        source: JSON.stringify({ groups, english }, null, 1),
      });
    },
    transform(code, id) {
      if (!id.startsWith(SRC) || !/\.tsx?$/.test(id) || NOT_SCANNED.includes(id)) return null;
      const found = namespacesIn(code);
      if (!found.length) return null;
      const imports = found.map((ns) => `import "virtual:messages/group/${ns}";`).join("");
      // on the first line, so the source map's lines stay where they were
      return { code: imports + code, map: null };
    },
  };
}
