/** The interface language: localStorage key `lang` with the value `vi` or `en`, Vietnamese by
 * default and for anything else (spec §1). A JSON-quoted value (`"en"`) is read as well. */
export type Language = "vi" | "en";

export const LANGUAGE_KEY = "lang";
export const LOCALES: Record<Language, string> = { vi: "vi-VN", en: "en-GB" };

export function storedLanguage(): Language {
  try {
    const raw = window.localStorage.getItem(LANGUAGE_KEY)?.trim() ?? "";
    const value = raw.startsWith('"') ? (JSON.parse(raw) as unknown) : raw;
    return value === "en" ? "en" : "vi";
  } catch {
    return "vi";
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    /* storage unavailable (private mode): the choice lasts for this page only */
  }
  mirrorLanguageCookie(language);
}

/** The cookie `lang` that lets the server send `index.html` in the reader's language (its
 * `<html lang>`, title and meta description: config/views.py `spa_index`), for a year. */
export function mirrorLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
