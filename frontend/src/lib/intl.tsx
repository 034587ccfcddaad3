/** Language state and react-intl provider: vi (default, fallback) or en, kept in localStorage. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";

import type en from "@/locales/en.json";
import vi from "@/locales/vi.json";

import { LOCALES, storedLanguage, storeLanguage, type Language } from "./language";

export type MessageId = keyof typeof en & keyof typeof vi;
// Vietnamese (default and fallback) ships in the entry chunk; English loads when chosen.
const loadEnglish = () => import("@/locales/en.json").then((m) => m.default as Record<string, string>);

interface LanguageState {
  language: Language;
  locale: string;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const [english, setEnglish] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (language === "en" && !english) void loadEnglish().then(setEnglish);
  }, [language, english]);
  const setLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    document.documentElement.lang = next;
    setLanguageState(next);
  }, []);
  const value = useMemo(
    () => ({ language, locale: LOCALES[language], setLanguage }),
    [language, setLanguage],
  );
  if (language === "en" && !english) return null; // a few ms on first load in English
  const messages = language === "en" && english ? { ...vi, ...english } : vi;
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={LOCALES[language]} messages={messages} defaultLocale="vi-VN">
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useLanguage outside LanguageProvider");
  return state;
}

/** `t(id, values)`: the message of `id` in the active language. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
}
