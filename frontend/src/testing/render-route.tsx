/** Renders one page of a feature at a path, inside the app's providers and a memory router
 * (other paths render a marker so that navigation can be asserted). */
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";

import type { Language } from "@/lib/language";
import { subscribeToast, type ToastData } from "@/lib/toast-store";
import { renderWithProviders } from "@/testing/render";

export function renderRoute(
  pattern: string,
  path: string,
  element: ReactNode,
  { language = "vi" }: { language?: Language } = {},
) {
  document.cookie = "csrftoken=test-token";
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { language }) };
}

/** Every toast shown from now on. */
export function recordToasts(): ToastData[] {
  const shown: ToastData[] = [];
  let first = true;
  subscribeToast((toast) => {
    if (!first && toast?.open) shown.push(toast);
    first = false;
  });
  return shown;
}
