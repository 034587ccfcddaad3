import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { RouterProvider } from "react-router-dom";

import { ToastHost } from "@/components/ui/toast-host";
import { LanguageProvider, useLanguage } from "@/lib/intl";
import { queryClient } from "@/lib/query-client";

import { router } from "./router";

/** Server texts (messages, notification titles) follow Accept-Language: reload them in the new
 * language when it changes. */
function RefetchOnLanguageChange() {
  const { language } = useLanguage();
  const client = useQueryClient();
  const first = useRef(language);
  useEffect(() => {
    if (language === first.current) return;
    first.current = language;
    void client.invalidateQueries();
  }, [language, client]);
  return null;
}

export function App() {
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <RefetchOnLanguageChange />
        <RouterProvider router={router} />
        <ToastHost />
      </QueryClientProvider>
    </LanguageProvider>
  );
}
