import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router-dom";

import { ToastHost } from "@/components/ui/toast-host";
import { LanguageProvider, RefetchOnLanguageChange } from "@/lib/intl";
import type { Language } from "@/lib/language";
import { queryClient as browserClient } from "@/lib/query-client";

import type { AppRouter } from "./router";

/** The providers and the router: in the browser (main.tsx) and, with a memory router, its own
 * query client and the page's language, in the prerender (prerender.tsx, decision 0028): the same
 * tree both times, so that hydration finds the markup it would have made. */
export function App({
  router,
  client = browserClient,
  language,
}: {
  router: AppRouter;
  client?: QueryClient;
  language?: Language;
}) {
  return (
    <LanguageProvider initial={language}>
      <QueryClientProvider client={client}>
        <RefetchOnLanguageChange />
        <RouterProvider router={router} />
        <ToastHost />
      </QueryClientProvider>
    </LanguageProvider>
  );
}
