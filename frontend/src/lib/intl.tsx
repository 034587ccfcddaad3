/** Language state and react-intl provider: vi (default, fallback) or en, kept in localStorage. */
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { createIntl, createIntlCache, IntlProvider, useIntl } from "react-intl";
import viCore from "virtual:messages/vi-core";

import type en from "@/locales/en.json";
import type vi from "@/locales/vi.json";

import { LOCALES, mirrorLanguageCookie, storedLanguage, storeLanguage, type Language } from "./language";

export type MessageId = keyof typeof en & keyof typeof vi;
// Vietnamese (default and fallback): the public pages' texts ship in the entry chunk, the
// signed-in screens' texts load with the app layouts (`ensureAppMessages`, see
// messages-plugin.ts). English is split the same way: its public texts load when English is
// chosen (or stored), its signed-in screens' texts with the app layouts, in English only.

/** The loaded parts of the catalogues, replaced (never changed in place) on each load, so that
 * `useSyncExternalStore` sees a new snapshot. `english` is null until its public texts came. */
let loaded: { viApp: Record<string, string>; english: Record<string, string> | null } = {
  viApp: {},
  english: null,
};
const listeners = new Set<() => void>();
let appWanted = false;
let viAppLoad: Promise<void> | null = null;
let enCoreLoad: Promise<Record<string, string>> | null = null;
let enAppLoad: Promise<Record<string, string>> | null = null;

function merge(part: Partial<typeof loaded>) {
  loaded = { ...loaded, ...part };
  listeners.forEach((notify) => notify());
}

/** One part of English's catalogue, loaded once (a failed load is tried again next time). */
function englishPart(
  get: () => Promise<Record<string, string>> | null,
  set: (load: Promise<Record<string, string>> | null) => void,
  load: () => Promise<{ default: Record<string, string> }>,
): Promise<Record<string, string>> {
  const loading =
    get() ??
    load().then(
      (m) => m.default,
      (error: unknown) => {
        set(null); // offline: the next attempt loads it again
        throw error;
      },
    );
  set(loading);
  return loading;
}

/** English's public texts, and its signed-in screens' once the app layouts are in use, put on
 * screen together (one render: no Vietnamese flash of the screens' texts in between). */
function loadEnglish(): Promise<void> {
  const core = englishPart(
    () => enCoreLoad,
    (load) => (enCoreLoad = load),
    () => import("virtual:messages/en-core"),
  );
  const app = appWanted
    ? englishPart(
        () => enAppLoad,
        (load) => (enAppLoad = load),
        () => import("virtual:messages/en-app"),
      )
    : null;
  return Promise.all([core, app]).then(([coreTexts, appTexts]) => {
    const english = { ...coreTexts, ...appTexts };
    if (Object.keys(english).length !== Object.keys(loaded.english ?? {}).length) merge({ english });
  });
}

/** The public texts of `language` loaded (English's once; Vietnamese's are in the entry): awaited
 * before a prerendered page is hydrated and by the prerender itself (decision 0028), so that the
 * first render has the texts the HTML was made with. */
export function loadLanguage(language: Language): Promise<void> {
  return language === "en" ? loadEnglish() : Promise.resolve();
}

/** Load the signed-in screens' texts (once; English's too when English is stored or was
 * loaded); the route table awaits it in the lazy loaders of the default and blank layouts, so a
 * screen never renders before its texts. */
export function ensureAppMessages(): Promise<void> {
  appWanted = true;
  viAppLoad ??= import("virtual:messages/vi-app").then((m) => merge({ viApp: m.default }));
  const english = storedLanguage() === "en" || enCoreLoad ? loadEnglish() : null;
  return Promise.all([viAppLoad, english]).then(() => undefined);
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

/** The messages and locale on screen now, for code outside React (the API client's toast
 * titles, `translate`); kept in step by the provider. */
let active: { locale: string; messages: Record<string, string> } = {
  locale: LOCALES.vi,
  messages: viCore as Record<string, string>,
};
const cache = createIntlCache();
let activeIntl: ReturnType<typeof createIntl> | null = null;

/** `id` in the language on screen (Vietnamese before any provider renders): for modules that
 * are not components, such as the API client. */
export function translate(id: MessageId, values?: Record<string, string | number>): string {
  activeIntl ??= createIntl({ ...active, defaultLocale: "vi-VN", onError: () => {} }, cache);
  return activeIntl.formatMessage({ id }, values);
}

/**
 * Switching the language changes the messages in place: the provider keeps rendering its
 * children with the current catalogue while the other one loads (English, once), then switches
 * language, locale and messages in one render. Nothing below remounts, so typed values, open
 * dialogs and focus stay as they were. The stored choice (which the API client sends as
 * Accept-Language) changes at that same moment. Only the very first render in English waits
 * for its catalogue (nothing is on screen yet).
 */
export function LanguageProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  // `initial`: the prerender's language (no localStorage at build time); the browser's is stored.
  const [language, setLanguageState] = useState<Language>(initial ?? storedLanguage);
  const snapshot = () => loaded;
  const { viApp: app, english } = useSyncExternalStore(subscribe, snapshot, snapshot);
  const wanted = useRef<Language>(language);
  useEffect(() => {
    // first render with English stored: load it (the switch below loads it on demand)
    if (language === "en" && !english) void loadEnglish();
  }, [language, english]);
  useEffect(() => {
    document.documentElement.lang = language;
    // a choice stored before the cookie existed reaches the server's index.html from now on
    mirrorLanguageCookie(language);
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    wanted.current = next;
    const apply = () => {
      if (wanted.current !== next) return; // a later choice won
      storeLanguage(next);
      setLanguageState(next);
    };
    if (next === "en")
      loadEnglish().then(
        apply,
        () => {}, // the catalogue did not load (offline): stay as we are; the next click retries
      );
    else apply();
  }, []);
  const value = useMemo(
    () => ({ language, locale: LOCALES[language], setLanguage }),
    [language, setLanguage],
  );
  const messages = useMemo(() => {
    const vietnamese = { ...viCore, ...app };
    return language === "en" && english ? { ...vietnamese, ...english } : vietnamese;
  }, [language, english, app]);
  if (active.messages !== messages || active.locale !== LOCALES[language]) {
    active = { locale: LOCALES[language], messages };
    activeIntl = null;
  }
  if (language === "en" && !english) return null; // first load in English only: a few ms
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={LOCALES[language]} messages={messages} defaultLocale="vi-VN">
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

/**
 * Server-made texts (messages, report lines, subject chips, notification titles) follow the
 * request's Accept-Language, so their cached answers are in the old language after a switch.
 * Chosen rule: on a language change, invalidate every query (one call, no key has to carry the
 * language): the active ones refetch now with the new Accept-Language, the others when next
 * used. Render it once inside both providers (app.tsx).
 */
export function RefetchOnLanguageChange() {
  const { language } = useLanguage();
  const client = useQueryClient();
  const shown = useRef(language);
  useEffect(() => {
    if (language === shown.current) return;
    shown.current = language;
    void client.invalidateQueries();
  }, [language, client]);
  return null;
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
