/**
 * The build's prerender of the public pages (issue 20, decision 0028): `render(path, language)`
 * is the HTML of `path` in `language` as the browser's first render makes it (the same `App`,
 * providers and route table; a memory router; a fresh query client, so data-dependent parts
 * render as "not loaded yet"). Built by Vite for Node (`scripts/prerender.mjs`), never shipped
 * to the browser.
 */
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router-dom";

import { App } from "@/app/app";
import { loadMatchedRoutes } from "@/app/router";
import { routes } from "@/app/routes";
import { loadLanguage } from "@/lib/intl";
import type { Language } from "@/lib/language";

import publicPages from "./app/public-pages.json";

/** The prerendered paths: spec section 1's public pages (the server's sitemap lists the same,
 * `platform/config/seo.py`; a server test compares the two). */
export const PAGES: string[] = publicPages;

export async function render(path: string, language: Language): Promise<string> {
  await Promise.all([loadMatchedRoutes(path), loadLanguage(language)]);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToString(
    <StrictMode>
      <App router={router} client={client} language={language} />
    </StrictMode>,
  );
}
