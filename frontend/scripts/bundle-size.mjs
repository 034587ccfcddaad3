// Prints the gzip size of the JavaScript the first visit of / and of /login loads: the entry
// chunk named in dist/index.html, the route's lazy chunk and every chunk they import statically.
// Budget (issue 3): at most 170 KB each.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 170;
const files = readdirSync("dist").filter((f) => f.endsWith(".js"));
const html = readFileSync("dist/index.html", "utf8");
const entry = [...html.matchAll(/src="\/static\/([^"]+\.js)"/g)].map((m) => m[1]);

function closure(start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(`dist/${file}`, "utf8");
    // static imports only (dynamic import("./x.js") is a lazy route, not part of the first visit)
    for (const m of code.matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(m[1]);
  }
  return seen;
}

let failed = false;
for (const [route, prefix] of [["/", "landing-"], ["/login", "login-"]]) {
  const chunk = files.find((f) => f.startsWith(prefix));
  const all = closure([...entry, chunk]);
  const kb = [...all].reduce((sum, f) => sum + gzipSync(readFileSync(`dist/${f}`)).length, 0) / 1024;
  console.log(`first visit of ${route}: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${all.size} files (budget ${BUDGET_KB} KB)`);
  failed ||= kb > BUDGET_KB;
}
process.exit(failed ? 1 : 0);
