/** Render with the app's providers (language, react-query) for unit tests. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

import { LanguageProvider } from "@/lib/intl";
import { storeLanguage, type Language } from "@/lib/language";

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactNode, { language = "vi" }: { language?: Language } = {}) {
  storeLanguage(language);
  const client = testQueryClient();
  const result = render(
    <LanguageProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </LanguageProvider>,
  );
  return { ...result, client };
}
