// Prints the gzip size of the JavaScript a first visit loads, in Vietnamese and in English: the
// entry chunk named in dist/index.html, the route's layout and page chunks, every chunk they
// import statically, and the texts the visit loads (messages-plugin.ts: Vietnamese's public texts
// are in the entry; its signed-in screens' texts load with the app layouts; English loads its
// public texts, and its signed-in screens' on app pages). Budgets, enforced (the build fails over
// them): / at most 150 KB in either language, /login 170 KB (issue 20 asks 150: its form library
// is still in its first visit). The learner's marketplace, my tests and test pages are printed
// against issue 20's target of 250 KB, not yet met (the signed-in screens' texts load whole), so
// not enforced yet.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const files = readdirSync("dist").filter((f) => f.endsWith(".js"));
const html = readFileSync("dist/index.html", "utf8");
const entry = [...html.matchAll(/src="\/static\/([^"]+\.js)"/g)].map((m) => m[1]);
const chunk = (prefix) => {
  const found = files.find((f) => f.startsWith(prefix) && /^-[\w-]{8}\.js$/.test(f.slice(prefix.length)));
  if (!found) throw new Error(`no chunk ${prefix}*.js in dist/`);
  return found;
};

function closure(start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(`dist/${file}`, "utf8");
    // static imports only (dynamic import("./x.js") is a lazy route, not part of the first visit)
    for (const m of code.matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(m[1]);
  }
  return seen;
}

const PAGES = [
  { route: "/", chunks: ["landing"], app: false, budget: 150 },
  { route: "/login", chunks: ["login"], app: false, budget: 170 },
  { route: "/marketplace", chunks: ["default-layout", "marketplace"], app: true, target: 250 },
  { route: "/assignment/student", chunks: ["default-layout", "my-tests"], app: true, target: 250 },
  { route: "/take-test/:id", chunks: ["blank-layout", "take-test"], app: true, target: 250 },
];

let failed = false;
for (const { route, chunks, app, budget, target } of PAGES) {
  for (const language of ["vi", "en"]) {
    const texts = [
      ...(app ? ["vi-app"] : []),
      ...(language === "en" ? ["en-core", ...(app ? ["en-app"] : [])] : []),
    ];
    const all = closure([...entry, ...chunks.map(chunk), ...texts.map(chunk)]);
    const kb = [...all].reduce((sum, f) => sum + gzipSync(readFileSync(`dist/${f}`)).length, 0) / 1024;
    const over = budget !== undefined && kb > budget;
    const limit = budget !== undefined ? `budget ${budget} KB` : `target ${target} KB, not enforced yet`;
    console.log(
      `first visit of ${route} (${language}): ${kb.toFixed(1)} KB of JavaScript (gzip) in ${all.size} files (${limit})${over ? "  OVER BUDGET" : ""}`,
    );
    failed ||= over;
  }
}
process.exit(failed ? 1 : 0);
