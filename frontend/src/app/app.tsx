import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router-dom";

import { ToastHost } from "@/components/ui/toast-host";
import { LanguageProvider, RefetchOnLanguageChange } from "@/lib/intl";
import { queryClient } from "@/lib/query-client";

import { router } from "./router";

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
