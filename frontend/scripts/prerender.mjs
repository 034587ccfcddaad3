// Prerenders the public pages (issue 20, decision 0028), after `vite build`: builds
// src/prerender.tsx for Node (Vite's SSR build, into .prerender/, not part of the browser's
// files), then writes dist/prerender/<vi|en><path>/index.html for every page of PAGES: the built
// index.html with the page's markup inside #root, marked data-prerendered="<language>" (the
// browser hydrates it only when its stored language is that one, src/main.tsx). Django serves
// these files for those paths in the reader's language (platform/config/views.py spa_index).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { build } from "vite";

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_BUILD = join(FRONTEND, ".prerender");
const OUT = join(FRONTEND, "dist", "prerender");
const LANGUAGES = ["vi", "en"];
const ROOT_DIV = '<div id="root"></div>';
// Be Vietnam Pro's files a prerendered page paints with (400 and 600; latin, and vietnamese but
// for a page whose markup is all in latin's range, English), preloaded from its HTML so they load
// beside the stylesheet (decisions 0032 and 0035). The CSS keeps `font-display: swap`. Only these
// pages preload fonts: a signed-in page paints nothing before its entry has run, and on a slow
// link preloaded fonts would share it with the entry (about 0.4-0.6 s of its LCP under Fast 3G).
const FONT = /^be-vietnam-pro-(latin|vietnamese)-(400|600)-normal-[\w-]+\.woff2$/;
const LATIN_ONLY = /^[\t\n\r\x20-\xff\u2000-\u206f]*$/;
// The entry's script tag in index.html. A prerendered page asks for the entry only once its
// first contentful paint is on screen (decision 0035): its markup paints from the stylesheet and
// the fonts alone, so on a slow link they do not share it with the entry's 140 KB, and the page
// hydrates after. Without paint timing, after the first frame; in a background tab (no frame
// until it is shown), at once.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/static\/assets-[\w-]+\.js)"><\/script>\s*/;
const afterFirstPaint = (src) => `<script>(function () {
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = ${JSON.stringify(src)};
    document.head.appendChild(script);
  }
  if (document.visibilityState === "hidden") return load();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") < 0) return requestAnimationFrame(function () { setTimeout(load, 0); });
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName("first-contentful-paint").length) {
      observer.disconnect();
      load();
    }
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", load, { once: true });
})();</script>`;

const started = Date.now();
rmSync(SERVER_BUILD, { recursive: true, force: true });
await build({
  root: FRONTEND,
  logLevel: "warn",
  build: {
    ssr: "src/prerender.tsx",
    outDir: SERVER_BUILD,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
  },
});
const { render, PAGES } = await import(pathToFileURL(join(SERVER_BUILD, "prerender.mjs")).href);

const template = readFileSync(join(FRONTEND, "dist", "index.html"), "utf8");
const fonts = readdirSync(join(FRONTEND, "dist")).filter((name) => FONT.test(name)).sort();
if (fonts.length !== 4) throw new Error(`dist/ has ${fonts.length} of Be Vietnam Pro's 4 preloaded files`);
const preloads = (latinOnly) =>
  fonts
    .filter((name) => !latinOnly || name.startsWith("be-vietnam-pro-latin-"))
    .map((name) => `<link rel="preload" as="font" type="font/woff2" href="/static/${name}" crossorigin="">`)
    .join("\n    ");
if (!template.includes(ROOT_DIV)) throw new Error(`dist/index.html has no ${ROOT_DIV}`);
const entry = ENTRY_SCRIPT.exec(template);
if (!entry) throw new Error("dist/index.html has no entry script");
rmSync(OUT, { recursive: true, force: true });
let bytes = 0;
for (const language of LANGUAGES) {
  for (const path of PAGES) {
    const markup = await render(path, language);
    if (!markup.includes("<h1")) throw new Error(`prerender of ${path} (${language}) has no <h1>`);
    const html = template
      .replace("</head>", `  ${preloads(LATIN_ONLY.test(markup))}\n  </head>`)
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(entry[0], "")
      .replace(
        ROOT_DIV,
        `<div id="root" data-prerendered="${language}">${markup}</div>${afterFirstPaint(entry[1])}`,
      );
    const file = join(OUT, language, path, "index.html");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    bytes += html.length;
  }
}
rmSync(SERVER_BUILD, { recursive: true, force: true });
console.log(
  `prerendered ${PAGES.length} pages x ${LANGUAGES.length} languages into dist/prerender/ ` +
    `(${(bytes / 1024).toFixed(0)} KB of HTML) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
