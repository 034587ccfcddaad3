#!/usr/bin/env node
/**
 * Web vitals of the pages a learner meets first (issue 20): LCP, FCP, TBT, CLS and the JavaScript
 * transferred, for /, /login, /marketplace, /assignment/student and the test page
 * (/take-test/<id>), in Vietnamese and English, with a cold and a warm HTTP cache, under two
 * profiles:
 * - `mobile`: Lighthouse's mobile profile (a mid-range phone, simulated slow 4G, 4x CPU);
 * - `fast3g`: DevTools "Fast 3G" (562.5 ms RTT, 180 kB/s down, 84 kB/s up) with 4x CPU slowdown,
 *   applied by DevTools (Lighthouse's `devtools` throttling), not simulated.
 * Cold: a fresh browser context (HTTP cache cleared by Lighthouse). Warm: the same page loaded
 * once before in the same context, Lighthouse told to keep the cache (a return visit; it should
 * download no JavaScript). The signed-in pages run as the demo learner learner@demo.vn (ops/
 * serve-e2e seeds it; it has bought the open practice test): logged in through the API in the
 * context, so the session cookie goes with every request. The test page needs 1280 px: its rows
 * use a 1350 x 940 screen under both profiles (the 412 px phone would meet /unsupported).
 * Each cell is the median of --runs audits (BENCH_RUNS, default 3). Nothing is asserted.
 *
 *   bench/run web_vitals                                   # its own server, 3 runs per cell
 *   bench/run web_vitals --runs 1 --url http://127.0.0.1:8022 --profiles fast3g
 *
 * Options (or BENCH_WV_* variables): --url, --pages, --languages, --profiles (mobile, fast3g),
 * --caches (cold, warm), --runs, --start (start the test's attempt first: the test page is then
 * opened as a reload of the tab that started it, its device token in the tab; with --takeover,
 * BENCH_WV_TAKEOVER=1, as a new tab, which takes the sitting over first), --h2 (BENCH_WV_H2=1:
 * through HAProxy with TLS and HTTP/2 in front of the server, as production is served, decision
 * 0034; the browser trusts its self-signed certificate: Chromium then caches nothing from it, so
 * measure warm rows without --h2). Reports go to .data/bench-web-vitals/. The server, the pinned
 * Lighthouse and the table are bench/lighthouse.mjs's.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";

import {
  CHROME,
  CHROME_FLAGS,
  METRICS,
  PINNED,
  ROOT,
  checkAssets,
  ensurePackages,
  freePort,
  list,
  load,
  median,
  printTable,
  startServer,
  waitHealthy,
} from "./lighthouse.mjs";

const REPORTS = join(ROOT, ".data", "bench-web-vitals");
const LEARNER = { email: "learner@demo.vn", password: "Demo@12345" };
const TEST_PAGE = "/take-test/:id";
const WIDE = { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false };
/** Lighthouse's default mobile screen (the other pages' rows). */
const PHONE = { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false };

/** DevTools' "Fast 3G" with 4x CPU, applied for real (Lighthouse `devtools` throttling). */
const FAST_3G = {
  throttlingMethod: "devtools",
  throttling: {
    rttMs: 562.5,
    throughputKbps: 1440,
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1440, // 180 kB/s
    uploadThroughputKbps: 675, // 84.375 kB/s
    cpuSlowdownMultiplier: 4,
  },
};

function options() {
  const env = (name, fallback) => process.env[`BENCH_WV_${name}`] || fallback;
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: env("URL", "") },
      pages: { type: "string", default: env("PAGES", `/,/login,/marketplace,/assignment/student,${TEST_PAGE}`) },
      languages: { type: "string", default: env("LANGUAGES", "vi,en") },
      profiles: { type: "string", default: env("PROFILES", "mobile,fast3g") },
      caches: { type: "string", default: env("CACHES", "cold,warm") },
      runs: { type: "string", default: process.env.BENCH_RUNS || env("RUNS", "3") },
      start: { type: "boolean", default: env("START", "") === "1" },
      takeover: { type: "boolean", default: env("TAKEOVER", "") === "1" },
      h2: { type: "boolean", default: env("H2", "") === "1" },
    },
  });
  return {
    url: values.url.replace(/\/$/, ""),
    pages: list(values.pages),
    languages: list(values.languages),
    profiles: list(values.profiles),
    caches: list(values.caches),
    runs: Math.max(1, Number(values.runs) || 1),
    start: values.start,
    takeover: values.takeover,
    h2: values.h2,
  };
}

/** Lighthouse's settings for a profile and a page (the test page on a 1280 px+ screen). */
function settings(profile, path, cache) {
  const wide = path.startsWith("/take-test/") ? { formFactor: "desktop", screenEmulation: WIDE } : {};
  const base = { onlyCategories: ["performance"], disableStorageReset: cache === "warm", ...wide };
  if (profile === "mobile") return base;
  if (profile === "fast3g") return { ...base, ...FAST_3G };
  throw new Error(`unknown profile ${profile}: mobile or fast3g`);
}

/** A browser context with `lang` stored and, for the signed-in pages, the learner's session. */
async function prepare(browser, origin, language, signedIn) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${origin}/health/?format=json`); // no SPA asset: the HTTP cache stays cold
  await page.evaluate(
    async ({ language, signedIn, learner }) => {
      window.localStorage.setItem("lang", language);
      // and its cookie, as the SPA mirrors it: the server sends the page prerendered in that language
      document.cookie = `lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
      if (!signedIn) return;
      await fetch("/public/api/auth/csrf", { credentials: "include" });
      const csrf = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      const answer = await fetch("/public/api/auth/login", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(csrf) },
        body: JSON.stringify(learner),
      });
      if (!answer.ok) throw new Error(`login ${answer.status}`);
    },
    { language, signedIn, learner: LEARNER },
  );
  return { context, page };
}

/** `POST /api/v1/take-test/<enrollment>/start` (no camera: the demo's practice test needs none)
 * from `page`, as the learner signed in there: it starts the attempt, or takes it over. Returns
 * the answer's data (`device_token`, `deadline_at`, `server_now`). */
function startSitting(page, enrollment) {
  return page.evaluate(async (enrollment) => {
    const csrf = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
    const answer = await fetch(`/api/v1/take-test/${enrollment}/start`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(csrf) },
      body: JSON.stringify({ no_camera: true }),
    });
    if (!answer.ok) throw new Error(`start ${answer.status}`);
    return (await answer.json()).data;
  }, enrollment);
}

/** The learner's first test's page (/take-test/<enrollment id>), asked of the API as the learner.
 * Not started (the default, as the tables of bench/README.md were measured), the page sends the
 * learner on to its preparation page; with --start (BENCH_WV_START=1) the attempt is started
 * first, so the page is the test itself. */
async function testPath(browser, origin, start) {
  const { context, page } = await prepare(browser, origin, "vi", true);
  try {
    const id = await page.evaluate(async () => {
      const answer = await fetch("/api/v1/assignment-users/my-list", { credentials: "include" });
      return (await answer.json()).data?.items?.[0]?.enrollment_id ?? null;
    });
    if (!id) throw new Error("learner@demo.vn has no test (is the database seeded by seed_demo?)");
    if (start) {
      // An attempt started more than the test's duration ago (20 minutes for the demo's) is over:
      // the page would submit it at once, and the rows would measure the result page.
      const sitting = await startSitting(page, id);
      const left = (Date.parse(sitting.deadline_at) - Date.parse(sitting.server_now)) / 60_000;
      if (!(left > 5)) throw new Error(`the demo learner's attempt has ${left} min left: use a fresh database`);
    }
    return `/take-test/${id}`;
  } finally {
    await context.close();
  }
}

/** HAProxy (Debian's; ops/cluster's load balancer) on https://127.0.0.1:<free port> with a
 * self-signed certificate and ALPN h2, forwarding to `origin` over HTTP/1.1, as a TLS-terminating
 * load balancer serves production (decision 0034): the browser fetches a page's chunks over one
 * HTTP/2 connection instead of six HTTP/1.1 ones. The proxy tells the server the scheme
 * (`X-Forwarded-Proto`, which gunicorn trusts from loopback), so the page's `https://` origin
 * passes its CSRF checks. Returns `{ origin, stop }`. */
async function startH2Proxy(origin) {
  const dir = join(REPORTS, "h2");
  mkdirSync(dir, { recursive: true });
  const [key, crt, pem] = ["key.pem", "crt.pem", "proxy.pem"].map((f) => join(dir, f));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", crt, "-days", "2",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
  ], { stdio: "ignore" }); // prettier-ignore
  writeFileSync(pem, readFileSync(crt, "utf8") + readFileSync(key, "utf8"));
  const port = await freePort();
  const backend = new URL(origin).host;
  const config = join(dir, "haproxy.cfg");
  writeFileSync(
    config,
    [
      "global",
      "  maxconn 500",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 60s",
      "  timeout server 60s",
      "frontend tls",
      `  bind 127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1`,
      "  http-request set-header X-Forwarded-Proto https",
      "  default_backend app",
      "backend app",
      `  server app ${backend}`,
      "",
    ].join("\n"),
  );
  const proxy = spawn("haproxy", ["-f", config, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => proxy.exitCode === null && proxy.kill("SIGTERM");
  process.on("exit", stop);
  for (let tries = 0; ; tries++) {
    const open = await new Promise((done) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        done(true);
      });
      socket.on("error", () => done(false));
    });
    if (open) break;
    if (tries > 50 || proxy.exitCode !== null) throw new Error(`haproxy did not start on ${port} (${config})`);
    await new Promise((done) => setTimeout(done, 100));
  }
  console.error(`==> HTTP/2 over TLS: https://127.0.0.1:${port} -> ${origin} (HAProxy)`);
  return { origin: `https://127.0.0.1:${port}`, stop };
}

/** Bytes of JavaScript the load transferred (0 for scripts from the cache). */
function scriptBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((i) => i.resourceType === "Script").reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
}

/** The tab's own sitting, as a reload of the tab that started the test finds it: the attempt
 * started again here (it takes it over) and its device token kept in this tab's sessionStorage,
 * where the SPA keeps it (src/features/take-test/lib/device-token.ts). */
async function ownSitting(page, path) {
  const enrollment = path.split("/").pop();
  const { device_token: token } = await startSitting(page, enrollment);
  await page.evaluate((key, token) => window.sessionStorage.setItem(key, token), `takeTest.token.${enrollment}`, token);
}

async function measure(tools, { origin, path, language, profile, cache, ownTab }) {
  const signedIn = !["/", "/login"].includes(path);
  const { context, page } = await prepare(tools.browser, origin, language, signedIn);
  try {
    if (ownTab && path.startsWith("/take-test/")) await ownSitting(page, path);
    if (cache === "warm") {
      // The first visit on the audit's own screen: on puppeteer's 800 x 600 default the test page
      // sent the learner to /unsupported before it loaded KaTeX or the preparation page, which the
      // audit then downloaded (the 11-78 kB of the test page's warm rows before 2026-11-27).
      const screen = settings(profile, path, cache).screenEmulation ?? PHONE;
      await page.setViewport({
        width: screen.width,
        height: screen.height,
        deviceScaleFactor: screen.deviceScaleFactor,
        isMobile: screen.mobile,
        hasTouch: screen.mobile,
      });
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle0" });
      await page.goto(`${origin}/health/?format=json`);
    }
    const flags = { logLevel: "error", output: "json", ...settings(profile, path, cache) };
    const result = await tools.lighthouse(`${origin}${path}`, flags, undefined, page);
    return result.lhr;
  } finally {
    await context.close();
  }
}

/** A trace that went wrong (`NO_NAVSTART` on this loaded machine) is measured again, twice at
 * most, as bench/lighthouse.mjs does; the last report stands. */
async function measureWithRetries(tools, target, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await measure(tools, target);
    if (!lhr.runtimeError || attempt === attempts) return lhr;
    console.error(`    ${target.path} ${target.language} ${target.profile} ${target.cache}: ${lhr.runtimeError.code}, again`);
  }
}

async function main() {
  const opts = options();
  ensurePackages();
  const { default: lighthouse } = await load("lighthouse/core/index.js");
  const { default: puppeteer } = await load("puppeteer-core/lib/esm/puppeteer/puppeteer-core.js");
  let origin = opts.url;
  let stopServer = () => {};
  if (origin) await waitHealthy(origin, null, 30);
  else ({ origin, stop: stopServer } = await startServer({ reports: REPORTS }));
  const server = origin; // plain HTTP, for the checks made from Node
  let stopProxy = () => {};
  if (opts.h2) ({ origin, stop: stopProxy } = await startH2Proxy(server));
  const args = opts.h2 ? [...CHROME_FLAGS, "--ignore-certificate-errors"] : CHROME_FLAGS;
  const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args });
  const tools = { browser, lighthouse };
  const version = await browser.version();
  mkdirSync(REPORTS, { recursive: true });
  const rows = [];
  const started = Date.now();
  const ownTab = opts.start && !opts.takeover; // the test page as a reload of its own tab
  try {
    const test = opts.pages.includes(TEST_PAGE) ? await testPath(browser, origin, opts.start) : null;
    // not counted: the first audit in a fresh Chromium pays its start-up (lighthouse.mjs)
    await measure(tools, { origin, path: "/", language: "vi", profile: "mobile", cache: "cold" });
    for (const profile of opts.profiles) {
      for (const name of opts.pages) {
        const path = name === TEST_PAGE ? test : name;
        await checkAssets(server, path);
        for (const language of opts.languages) {
          for (const cache of opts.caches) {
            const lhrs = [];
            for (let run = 1; run <= opts.runs; run++) {
              const lhr = await measureWithRetries(tools, { origin, path, language, profile, cache, ownTab });
              const file = `${path.replace(/\W+/g, "_") || "_"}-${language}-${profile}-${cache}-${run}.json`;
              writeFileSync(join(REPORTS, file), JSON.stringify(lhr));
              lhrs.push(lhr);
            }
            const cells = { page: name, lang: language, profile, cache };
            const score = median(lhrs.map((l) => l.categories.performance?.score));
            cells.score = score == null ? "-" : String(Math.round(score * 100));
            for (const [id, column, unit] of METRICS) {
              const value = median(lhrs.map((l) => l.audits[id]?.numericValue));
              cells[column] = value == null ? "-" : unit ? `${Math.round(value)} ${unit}` : value.toFixed(3);
            }
            cells["JS kB"] = (median(lhrs.map(scriptBytes)) / 1000).toFixed(1);
            cells.errors = lhrs.map((l) => l.runtimeError?.code).filter(Boolean).join(" ") || "-";
            rows.push(cells);
            console.error(`    ${name} ${language} ${profile} ${cache}: LCP ${cells.LCP}, JS ${cells["JS kB"]} kB`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    stopProxy();
    stopServer();
  }
  console.log(
    `\nweb vitals: Lighthouse ${PINNED.lighthouse}, ${version}, ${origin}${opts.h2 ? " (HTTP/2, TLS)" : ""}, median of ${opts.runs} run(s) per row, ` +
      `${Math.round((Date.now() - started) / 1000)} s (JS kB: transferred, compressed)`,
  );
  printTable(rows, ["page", "lang", "profile", "cache", "score", ...METRICS.map(([, c]) => c), "JS kB", "errors"]);
  console.log(`reports: ${REPORTS}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
