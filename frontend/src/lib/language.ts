/** The interface language: localStorage key `lang` (vi | en), Vietnamese by default (spec §1). */
export type Language = "vi" | "en";

export const LANGUAGE_KEY = "lang";
export const LOCALES: Record<Language, string> = { vi: "vi-VN", en: "en-GB" };

export function storedLanguage(): Language {
  try {
    const raw = window.localStorage.getItem(LANGUAGE_KEY);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value === "en" ? "en" : "vi";
  } catch {
    return "vi";
  }
}

export function storeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, JSON.stringify(language));
}
