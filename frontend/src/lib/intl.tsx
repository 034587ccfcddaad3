/** Language state and react-intl provider: vi (default, fallback) or en, kept in localStorage. */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { IntlProvider, useIntl } from "react-intl";
import viCore from "virtual:messages/vi-core";

import type en from "@/locales/en.json";
import type vi from "@/locales/vi.json";

import { LOCALES, storedLanguage, storeLanguage, type Language } from "./language";

export type MessageId = keyof typeof en & keyof typeof vi;
// Vietnamese (default and fallback): the public pages' texts ship in the entry chunk, the
// signed-in screens' texts load with the app layouts (`ensureAppMessages`, see
// messages-plugin.ts). English loads whole when chosen.
const loadEnglish = () => import("@/locales/en.json").then((m) => m.default as Record<string, string>);

let viApp: Record<string, string> = {};
const listeners = new Set<() => void>();
let appLoad: Promise<void> | null = null;

/** Load the signed-in screens' Vietnamese texts (once); the route table awaits it in the lazy
 * loaders of the default and blank layouts, so a screen never renders before its texts. */
export function ensureAppMessages(): Promise<void> {
  appLoad ??= import("virtual:messages/vi-app").then((m) => {
    viApp = m.default;
    listeners.forEach((notify) => notify());
  });
  return appLoad;
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

interface LanguageState {
  language: Language;
  locale: string;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const [english, setEnglish] = useState<Record<string, string> | null>(null);
  const app = useSyncExternalStore(subscribe, () => viApp);
  useEffect(() => {
    if (language === "en" && !english) void loadEnglish().then(setEnglish);
  }, [language, english]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    setLanguageState(next);
  }, []);
  const value = useMemo(
    () => ({ language, locale: LOCALES[language], setLanguage }),
    [language, setLanguage],
  );
  const messages = useMemo(() => {
    const vietnamese = { ...viCore, ...app };
    return language === "en" && english ? { ...vietnamese, ...english } : vietnamese;
  }, [language, english, app]);
  if (language === "en" && !english) return null; // a few ms on first load in English
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
