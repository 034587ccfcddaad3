import "@fontsource/be-vietnam-pro/latin-ext-400.css";
import "@fontsource/be-vietnam-pro/latin-ext-600.css";
import "@fontsource/be-vietnam-pro/vietnamese-400.css";
import "@fontsource/be-vietnam-pro/vietnamese-600.css";
import "@fontsource/be-vietnam-pro/latin-400.css";
import "@fontsource/be-vietnam-pro/latin-600.css";
import "./index.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "@/app/app";
import { hydrateInSlices, nextTask } from "@/app/hydrate";
import { listenForUpdates } from "@/app/route-error";
import { createAppRouter, loadMatchedRoutes, type AppRouter } from "@/app/router";
import { loadLanguage } from "@/lib/intl";
import { storedLanguage, type Language } from "@/lib/language";

listenForUpdates();

const root = document.getElementById("root")!;
const app = (router: AppRouter = createAppRouter()) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/**
 * A public page prerendered in the stored language (`data-prerendered`, scripts/prerender.mjs,
 * decision 0028) is hydrated once its lazy route and its texts are loaded, so that the first
 * render is the markup's. Its start-up is split into tasks (decision 0032): the entry's
 * evaluation, matching the route, making the router (it ranks the whole route table), then the
 * hydration itself in slices; none blocks the page for long.
 */
async function hydratePrerendered(language: Language): Promise<void> {
  await nextTask();
  try {
    await Promise.all([loadMatchedRoutes(window.location.pathname), loadLanguage(language)]);
  } catch {
    createRoot(root).render(app()); // a chunk did not load: the route's error page handles it
    return;
  }
  const router = createAppRouter();
  await nextTask();
  hydrateInSlices(root, app(router));
}

// Any other page, or one prerendered in the other language (a cookie that disagrees with
// localStorage), renders from scratch.
const language = storedLanguage();
if (root.dataset.prerendered === language && root.firstElementChild) void hydratePrerendered(language);
else createRoot(root).render(app());
