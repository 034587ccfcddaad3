// Prints the gzip size of the JavaScript a first visit loads, in Vietnamese and in English: the
// entry chunk (index.html), the route's layout and page modules and every chunk they import
// statically (Vite's manifest, dist/.vite/manifest.json), and the texts the visit loads
// (messages-plugin.ts: Vietnamese's public texts are in the entry and each signed-in feature's
// texts in the chunks that show them; English adds its public texts and the English texts of the
// features in those chunks). Lazy parts (KaTeX, educators' dialogs) are not counted: a first
// visit does not load them before its first paint. Budgets, enforced (the build fails over
// them; issue 20): / at most 150 KB in either language, /login 150 KB, and the learner's
// marketplace, my tests and test pages 250 KB.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8"));
const ENGLISH = "virtual:messages/en/";

function closure(start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const key = queue.pop();
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in dist/.vite/manifest.json`);
    seen.add(key);
    queue.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const DEFAULT_LAYOUT = "src/app/layouts/default-layout.tsx";
const BLANK_LAYOUT = "src/app/layouts/blank-layout.tsx";
const PAGES = [
  { route: "/", modules: ["src/features/public/routes/landing.tsx"], budget: 150 },
  { route: "/login", modules: ["src/features/auth/routes/login.tsx"], budget: 150 },
  { route: "/marketplace", modules: [DEFAULT_LAYOUT, "src/features/marketplace/routes/marketplace.tsx"], budget: 250 },
  { route: "/assignment/student", modules: [DEFAULT_LAYOUT, "src/features/take-test/routes/my-tests.tsx"], budget: 250 },
  { route: "/take-test/:id", modules: [BLANK_LAYOUT, "src/features/take-test/routes/take-test.tsx"], budget: 250 },
];

let failed = false;
for (const { route, modules, budget } of PAGES) {
  const chunks = closure(["index.html", ...modules]);
  for (const language of ["vi", "en"]) {
    const all = new Set(chunks);
    if (language === "en") {
      all.add("virtual:messages/en-core");
      for (const key of chunks)
        for (const lazy of manifest[key].dynamicImports ?? []) if (lazy.startsWith(ENGLISH)) all.add(lazy);
    }
    const files = [...all].map((key) => manifest[key].file);
    const kb = files.reduce((sum, f) => sum + gzipSync(readFileSync(`dist/${f}`)).length, 0) / 1024;
    const over = kb > budget;
    console.log(
      `first visit of ${route} (${language}): ${kb.toFixed(1)} KB of JavaScript (gzip) in ${files.length} files (budget ${budget} KB)${over ? "  OVER BUDGET" : ""}`,
    );
    failed ||= over;
  }
}
process.exit(failed ? 1 : 0);
