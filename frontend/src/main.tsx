import "@fontsource/be-vietnam-pro/400.css";
import "@fontsource/be-vietnam-pro/600.css";
import "./index.css";

import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

import { App } from "@/app/app";
import { listenForUpdates } from "@/app/route-error";
import { createAppRouter, loadMatchedRoutes } from "@/app/router";
import { loadLanguage } from "@/lib/intl";
import { storedLanguage } from "@/lib/language";

listenForUpdates();

const root = document.getElementById("root")!;
const app = () => (
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>
);

// A public page prerendered in the stored language (`data-prerendered`, scripts/prerender.mjs,
// decision 0028) is hydrated once its lazy route and its texts are loaded, so that the first
// render is the markup's; any other page, or one prerendered in the other language (a cookie
// that disagrees with localStorage), renders from scratch.
const language = storedLanguage();
if (root.dataset.prerendered === language && root.firstElementChild) {
  void Promise.all([loadMatchedRoutes(window.location.pathname), loadLanguage(language)]).then(
    () => hydrateRoot(root, app()),
    () => createRoot(root).render(app()), // a chunk did not load: the route's error page handles it
  );
} else {
  createRoot(root).render(app());
}
