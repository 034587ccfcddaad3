import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router-dom";

import { forgetEarly } from "@/lib/early-fetch";

import { routes } from "./routes";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser's router over the one route table. The answers index.html's script asked for
 * early are for the address the page was loaded at: the first navigation elsewhere (a link, a
 * guard's redirect) forgets them (early-fetch.ts). */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  const first = router.state.location.key;
  const stop = router.subscribe((state) => {
    if (state.location.key === first) return;
    forgetEarly();
    stop();
  });
  return router;
}

/**
 * Loads the lazy layouts and pages of the routes that match `path` into the route table itself,
 * so that a router made afterwards renders that page in its first render (decision 0028): the
 * prerender renders it to HTML this way, and the browser hydrates a prerendered page only after
 * the same call (otherwise React Router's first render is empty and the server markup is lost).
 */
export async function loadMatchedRoutes(path: string, table: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(table, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== "function") return;
      Object.assign(route, await lazy());
      delete route.lazy;
    }),
  );
}
