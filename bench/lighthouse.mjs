#!/usr/bin/env node
/**
 * Lighthouse on the built SPA served by the real server (issue 18: accessibility 100; issue 20
 * reuses it for performance). One audit per page x language x preset, each in a fresh browser
 * context whose localStorage `lang` (and cookie `lang`) is set on the origin first; prints one table. Nothing is
 * asserted: the figures are read by people (bench/README.md).
 *
 *   bench/run lighthouse                                   # starts its own server, 12 audits
 *   node bench/lighthouse.mjs --url http://127.0.0.1:8013  # against a running server
 *   node bench/lighthouse.mjs --pages /,/login --languages en --presets desktop \
 *     --categories performance --runs 3
 *
 * Options (or the BENCH_LH_* variables): --url (BENCH_LH_URL; none: ops/serve-e2e on a free port
 * with the database platform_bench_lh, stopped at the end), --pages (BENCH_LH_PAGES),
 * --languages (BENCH_LH_LANGUAGES), --presets (BENCH_LH_PRESETS: mobile, desktop),
 * --categories (BENCH_LH_CATEGORIES: accessibility, performance, best-practices, seo),
 * --runs (BENCH_LH_RUNS: audits per row; the table shows the median of performance and its
 * metrics, the lowest score of any other category and every audit that failed in any run). Each run's JSON report is written to .data/bench-lighthouse/, with the
 * log of the server it started.
 *
 * bench/web_vitals.mjs (issue 20) imports its machinery from here (the server, the pinned
 * packages, the table).
 *
 * Lighthouse and puppeteer-core are not dependencies of the SPA (every CI install would fetch
 * them): they are installed on demand, at the pinned versions below, into .data/bench-node/.
 * Lighthouse 13 needs Node 22.19; the machines have Node 20, so 12.8 it is.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PREFIX = join(ROOT, ".data", "bench-node");
export const REPORTS = join(ROOT, ".data", "bench-lighthouse");
export const PINNED = { lighthouse: "12.8.2", "puppeteer-core": "24.43.1" };
export const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The performance metrics of the table: Lighthouse audit id, column, unit. */
export const METRICS = [
  ["largest-contentful-paint", "LCP", "ms"],
  ["first-contentful-paint", "FCP", "ms"],
  ["total-blocking-time", "TBT", "ms"],
  ["cumulative-layout-shift", "CLS", ""],
];

function options() {
  const env = (name, fallback) => process.env[`BENCH_LH_${name}`] || fallback;
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: env("URL", "") },
      pages: { type: "string", default: env("PAGES", "/,/login,/signup") },
      languages: { type: "string", default: env("LANGUAGES", "vi,en") },
      presets: { type: "string", default: env("PRESETS", "mobile,desktop") },
      categories: { type: "string", default: env("CATEGORIES", "accessibility,performance") },
      runs: { type: "string", default: env("RUNS", "1") },
    },
  });
  return {
    url: values.url.replace(/\/$/, ""),
    pages: list(values.pages),
    languages: list(values.languages),
    presets: list(values.presets),
    categories: list(values.categories),
    runs: Math.max(1, Number(values.runs) || 1),
  };
}

/** "a, b,,c" -> ["a", "b", "c"]: an option's comma-separated list. */
export const list = (text) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Install the pinned Lighthouse and puppeteer-core into .data/bench-node/ when missing. */
export function ensurePackages() {
  const installed = (name) => {
    const file = join(PREFIX, "node_modules", name, "package.json");
    return existsSync(file) && JSON.parse(readFileSync(file, "utf8")).version === PINNED[name];
  };
  if (Object.keys(PINNED).every(installed)) return;
  console.error(
    `==> installing ${Object.entries(PINNED)
      .map(([n, v]) => `${n}@${v}`)
      .join(" ")} into ${PREFIX}`,
  );
  mkdirSync(PREFIX, { recursive: true });
  const args = ["install", "--prefix", PREFIX, "--no-audit", "--no-fund", "--loglevel=error", "--save-exact"];
  const result = spawnSync("npm", [...args, ...Object.entries(PINNED).map(([n, v]) => `${n}@${v}`)], {
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("npm install of Lighthouse failed");
}

export const load = (file) => import(pathToFileURL(join(PREFIX, "node_modules", file)).href);

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

export async function waitHealthy(origin, server, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode}), see .data/bench-lighthouse/server.log`);
    try {
      const answer = await fetch(`${origin}/health/?format=json`);
      if (answer.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${origin}/health/ did not answer 200 within ${seconds} s`);
}

/** ops/serve-e2e (fresh database, demo data, collectstatic of frontend/dist, gunicorn) on a free
 * loopback port; returns the origin and a stop function. */
export async function startServer({ reports = REPORTS } = {}) {
  if (!existsSync(join(ROOT, "frontend", "dist", "index.html"))) {
    throw new Error(
      "frontend/dist is not built: cd frontend && npm run -s build (bench/run lighthouse does it)",
    );
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  console.error(`==> starting ops/serve-e2e on ${origin} (log: ${reports}/server.log)`);
  mkdirSync(reports, { recursive: true });
  const log = openSync(join(reports, "server.log"), "w");
  const server = spawn(join(ROOT, "ops", "serve-e2e"), [], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DB: process.env.BENCH_LH_DB || "platform_bench_lh",
      E2E_MAIL_DIR: join(ROOT, ".data", `bench-lh-mail-${port}`),
    },
  });
  const stop = () => {
    if (server.exitCode === null) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
    rmSync(join(ROOT, ".data", `static-${port}`), { recursive: true, force: true });
    rmSync(join(ROOT, ".data", `bench-lh-mail-${port}`), { recursive: true, force: true });
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
  await waitHealthy(origin, server, 300);
  return { origin, stop };
}

/** The page's own scripts and styles must answer 200: the server reads index.html from
 * frontend/dist on every request but serves the assets it collected at start, so a rebuild of
 * the SPA after the server started leaves a blank page (NO_FCP) instead of figures. */
export async function checkAssets(origin, path) {
  const html = await (await fetch(`${origin}${path}`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)].map((m) => m[1]);
  for (const asset of assets) {
    const answer = await fetch(`${origin}${asset}`, { method: "HEAD" });
    if (!answer.ok) {
      throw new Error(
        `${origin}${path} links ${asset}, which answers ${answer.status}: frontend/dist changed after ` +
          "the server collected its static files; restart the server",
      );
    }
  }
}

/** One audit: a fresh browser context, `lang` stored on the origin (from a page that loads none
 * of the SPA, so the audit still starts with a cold HTTP cache; Lighthouse's storage reset leaves
 * localStorage alone), then Lighthouse's navigation. */
async function audit({ browser, lighthouse, configs }, { origin, path, language, preset, categories }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/health/?format=json`);
    // Both as the SPA keeps them: localStorage, and the cookie the server picks the prerendered
    // page's language by (decision 0028).
    await page.evaluate((value) => {
      window.localStorage.setItem("lang", value);
      document.cookie = `lang=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }, language);
    const flags = { logLevel: "error", output: "json", onlyCategories: categories };
    const result = await lighthouse(`${origin}${path}`, flags, configs[preset], page);
    return result.lhr;
  } finally {
    await context.close();
  }
}

/** An audit whose trace went wrong (a `runtimeError` such as NO_NAVSTART, seen on this loaded
 * 2-core machine; Lighthouse's advice is to run again) is run again, twice at most; the last
 * report stands, and its error code shows in the table. */
async function auditWithRetries(tools, target, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await audit(tools, target);
    if (!lhr.runtimeError || attempt === attempts) return lhr;
    console.error(`    ${target.path} ${target.language} ${target.preset}: ${lhr.runtimeError.code}, again`);
  }
}

export const median = (values) => {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const lowest = (values) => {
  const known = values.filter((v) => v != null);
  return known.length ? Math.min(...known) : null;
};

/** Audits of a category that did not pass (binary or numeric score below 1). Performance lists
 * none: its score is the metrics of the table. */
function failing(lhr, category) {
  if (category === "performance") return [];
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) =>
        ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode) &&
        a.score !== null &&
        a.score < 1,
    )
    .map((a) => a.id);
}

function row(lhrs, categories) {
  const cells = {};
  for (const category of categories) {
    // Performance varies from run to run: its median. Any other category: its worst run.
    const scores = lhrs.map((l) => l.categories[category]?.score);
    const score = category === "performance" ? median(scores) : lowest(scores);
    cells[category] = score == null ? "error" : String(Math.round(score * 100));
  }
  if (categories.includes("performance")) {
    for (const [id, column, unit] of METRICS) {
      const value = median(lhrs.map((l) => l.audits[id]?.numericValue));
      cells[column] = value == null ? "-" : unit ? `${Math.round(value)} ${unit}` : value.toFixed(3);
    }
  }
  // With more than one category listing audits, each id says its category (seo:robots-txt).
  const listed = categories.filter((c) => c !== "performance");
  const name = (c, id) => (listed.length > 1 ? `${c}:${id}` : id);
  const failed = new Set(lhrs.flatMap((l) => listed.flatMap((c) => failing(l, c).map((id) => name(c, id)))));
  const errors = lhrs.map((l) => l.runtimeError?.code).filter(Boolean);
  cells.failing = [...failed, ...errors].join(" ") || "-";
  return cells;
}

export function printTable(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
}

async function main() {
  const opts = options();
  ensurePackages();
  const { default: lighthouse } = await load("lighthouse/core/index.js");
  const { default: desktopConfig } = await load("lighthouse/core/config/desktop-config.js");
  const { default: puppeteer } = await load("puppeteer-core/lib/esm/puppeteer/puppeteer-core.js");
  // Mobile is Lighthouse's default configuration (a mid-range phone, simulated slow 4G).
  const configs = { mobile: undefined, desktop: desktopConfig };
  for (const preset of opts.presets) {
    if (!(preset in configs)) throw new Error(`unknown preset ${preset}: mobile or desktop`);
  }

  let origin = opts.url;
  let stopServer = () => {};
  if (origin) await waitHealthy(origin, null, 30);
  else ({ origin, stop: stopServer } = await startServer());

  const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS });
  const tools = { browser, lighthouse, configs };
  const version = await browser.version();
  mkdirSync(REPORTS, { recursive: true });
  // A first audit, not counted: the first one in a fresh Chromium pays its start-up (/ vi mobile,
  // then always first, had the run's highest TBT, 300-860 ms, in three runs; 224 ms after this).
  await audit(tools, {
    origin,
    path: opts.pages[0],
    language: opts.languages[0],
    preset: opts.presets[0],
    categories: opts.categories,
  });
  const rows = [];
  const started = Date.now();
  try {
    for (const path of opts.pages) {
      for (const language of opts.languages) {
        for (const preset of opts.presets) {
          const lhrs = [];
          await checkAssets(origin, path);
          for (let run = 1; run <= opts.runs; run++) {
            const lhr = await auditWithRetries(tools, {
              origin,
              path,
              language,
              preset,
              categories: opts.categories,
            });
            const name = `${path.replace(/\W+/g, "_") || "_"}-${language}-${preset}-${run}.json`;
            writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
            lhrs.push(lhr);
          }
          const cells = row(lhrs, opts.categories);
          rows.push({ page: path, lang: language, preset, ...cells });
          console.error(
            `    ${path} ${language} ${preset}: ${opts.categories.map((c) => `${c} ${cells[c]}`).join(", ")}`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    stopServer();
  }

  const metricColumns = opts.categories.includes("performance") ? METRICS.map(([, c]) => c) : [];
  console.log(
    `\nLighthouse ${PINNED.lighthouse}, ${version}, ${origin}, ${opts.runs} run(s) per row` +
      `${opts.runs > 1 ? " (performance: medians; other scores: lowest; failing: in any run)" : ""}, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  printTable(rows, ["page", "lang", "preset", ...opts.categories, ...metricColumns, "failing"]);
  console.log(`reports: ${REPORTS}`);
}

// bench/web_vitals.mjs imports the machinery above (issue 20); run as a script, audit.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
