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
import { createIntl, createIntlCache, IntlProvider, type MessageFormatElement, useIntl } from "react-intl";
import viCore from "virtual:messages/vi-core";

import type en from "@/locales/en.json";
import type vi from "@/locales/vi.json";

import { formatNumber } from "./format";
import { LOCALES, mirrorLanguageCookie, storedLanguage, storeLanguage, type Language } from "./language";
import { loadEnglish, snapshot, subscribe } from "./messages-store";

export type MessageId = keyof typeof en & keyof typeof vi;
// Vietnamese (default and fallback): the public pages' texts ship in the entry chunk; the
// signed-in screens' texts come per feature with the modules that show them, and English's with
// them when English is on (messages-store.ts, messages-plugin.ts).

/** The public texts of `language` loaded (English's once; Vietnamese's are in the entry): awaited
 * before a prerendered page is hydrated and by the prerender itself (decision 0028), so that the
 * first render has the texts the HTML was made with. */
export function loadLanguage(language: Language): Promise<void> {
  return language === "en" ? loadEnglish() : Promise.resolve();
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

type Values = Record<string, string | number>;

/** ICU's plain argument element (`{name}`): `TYPE.argument` of @formatjs/icu-messageformat-parser. */
const ARGUMENT = 1;

/** Whether `message` (compiled, as the catalogues are in the app, or ICU source text) prints
 * argument `name` as it is, anywhere (also inside a plural's branch or a tag). */
function printsPlain(message: string | MessageFormatElement[], name: string): boolean {
  if (typeof message === "string") return new RegExp(`\\{\\s*${name}\\s*\\}`).test(message);
  return message.some((element) => {
    if (element.type === ARGUMENT && "value" in element && element.value === name) return true;
    if ("options" in element) return Object.values(element.options).some((o) => printsPlain(o.value, name));
    if ("children" in element) return printsPlain(element.children, name);
    return false;
  });
}

/** `values` with every fraction that `message` prints as a plain `{name}` argument in `locale`'s
 * format (vi "43,8", en "43.8"): ICU prints such an argument with `String()`, a dot whatever the
 * language (issue 38). Whole numbers stay as they are (a year, a number in a code); plural,
 * select and `{name, number}` arguments get the number itself. */
export function localizedNumbers(
  message: string | MessageFormatElement[] | undefined,
  values: Values | undefined,
  locale: string,
): Values | undefined {
  if (!values || message === undefined) return values;
  let out = values;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "number" || Number.isInteger(value) || !printsPlain(message, name)) continue;
    if (out === values) out = { ...values };
    out[name] = formatNumber(value, locale);
  }
  return out;
}

/** `id` in the language on screen (Vietnamese before any provider renders): for modules that
 * are not components, such as the API client. */
export function translate(id: MessageId, values?: Values): string {
  activeIntl ??= createIntl({ ...active, defaultLocale: "vi-VN", onError: () => {} }, cache);
  return activeIntl.formatMessage({ id }, localizedNumbers(active.messages[id], values, active.locale));
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
  const { vi: app, english } = useSyncExternalStore(subscribe, snapshot, snapshot);
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
    (id: MessageId, values?: Values) =>
      intl.formatMessage({ id }, localizedNumbers(intl.messages[id], values, intl.locale)),
    [intl],
  );
}
