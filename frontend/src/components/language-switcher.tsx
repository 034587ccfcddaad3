import { Languages } from "lucide-react";

import { useLanguage, useT } from "@/lib/intl";
import { useHydrated } from "@/lib/use-hydrated";

/** Switches vi <-> en; the choice is kept in localStorage `lang`. Its name starts with the code it
 * shows ("VI – Chuyển sang tiếng Anh"), so a voice user can say what they see (WCAG 2.5.3). */
export function LanguageSwitcher() {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const hydrated = useHydrated(); // inert in a prerendered page until the script runs
  const next = language === "vi" ? "en" : "vi";
  const code = language === "vi" ? "VI" : "EN";
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => setLanguage(next)}
      aria-label={t("header.switchLanguage", { code })}
      className="inline-flex h-9 items-center gap-1 rounded-lg border border-slate-200 bg-white px-2 text-xs font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <Languages className="h-4 w-4" aria-hidden="true" />
      {code}
    </button>
  );
}
