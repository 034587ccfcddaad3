/** The error page of every route (the root route's `errorElement`): a page that failed to load
 * or to render. Without it React Router shows its English developer screen ("Unexpected
 * Application Error!").
 * - A page's chunk that no longer exists (the app was updated while the tab was open: a deploy
 *   replaced the hashed files its index names) reloads the page once, so the new version loads;
 *   Vite's `vite:preloadError` does the same for a preloaded file (`listenForUpdates`).
 * - Offline, nothing reloads: the failed import stays failed where it was made (the header's
 *   deferred menus keep their stand-ins) and the page stays.
 * - Anything else, or a second failure within a minute, shows a localized page with "Reload the
 *   page" and "Home". The learner's saved answers are on the server; reloading loses nothing. */
import { useEffect, useState } from "react";
import { useRouteError } from "react-router-dom";

import { Button, buttonClass } from "@/components/ui/button";
import { useT } from "@/lib/intl";

const RELOADED_AT = "reloaded-after-update";
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** True for the errors browsers raise when a dynamic import's file is missing (Chromium, Firefox,
 * Safari) or a preloaded stylesheet cannot load. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** Reload the page for a new version, at most once a minute per tab (so a file that is really
 * missing shows the error page instead of reloading forever), and never while the browser is
 * offline: a file that fails then is no new version, and a reload would replace the page (a
 * learner's test, with the answers it holds) by the browser's "no internet" page (issue 38, item
 * 3). Returns whether it reloads. */
export function reloadForUpdate(): boolean {
  if (navigator.onLine === false) return false;
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

/** Vite's event for a preloaded file that failed: reload for the new version (once a minute). */
export function listenForUpdates(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForUpdate()) event.preventDefault();
  });
}

export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const updated = isChunkLoadError(error);
  const [reloading] = useState(() => updated && reloadForUpdate());
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) {
    return (
      <p role="status" className="p-8 text-center text-slate-600">
        {t("common.loading")}
      </p>
    );
  }
  return (
    <main className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t(updated ? "error.updated" : "error.crashed")}</h1>
      <p className="text-slate-600">{t(updated ? "error.updatedBody" : "error.crashedBody")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t("error.reload")}</Button>
        {/* a full load, not the router: the app starts afresh */}
        <a href="/home" className={buttonClass({ variant: "outline" })}>
          {t("common.home")}
        </a>
      </div>
    </main>
  );
}
