import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router-dom";

import { Toaster } from "@/components/ui/toaster";
import { LanguageProvider } from "@/lib/intl";
import { queryClient } from "@/lib/query-client";

import { router } from "./router";

export function App() {
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </LanguageProvider>
  );
}
