/** Speech Rule Engine's configuration, set before SRE's code runs (english.ts imports this module
 * first): SRE sets itself up as soon as it is loaded, and in a browser would fetch its rule files
 * from its default CDN. `SREfeature` is SRE's documented global configuration; its `custom` loader
 * hands SRE our own copies instead (decision 0053). */
type Maps = Record<string, unknown>;

/** SRE's rule files, each a chunk of our build loaded when SRE asks for it. */
const MAPS: Record<string, () => Promise<{ default: Maps }>> = {
  base: () => import("speech-rule-engine/lib/mathmaps/base.json"),
  en: () => import("speech-rule-engine/lib/mathmaps/en.json"),
};

/** ClearSpeak's preferences: ln is "natural log", not "l n". */
const STYLE = "Log_LnAsNaturalLog";

type SymbolEntry = { key?: string; mappings?: Record<string, Record<string, string>> };
type RuleSet = { rules: unknown[][] };

/** What SRE says differently from its own files:
 * - a limit, "the limit as x approaches 0 of ..." (ClearSpeak in SRE: "lim over x right arrow 0");
 * - an arrow over letters, "vector A B" (SRE: "A B right arrow");
 * - Δ, "Delta" (SRE's ClearSpeak: "triangle", which the discriminant Δ = b² − 4ac is not; a
 *   triangle ΔABC is sent as △, see `tidy`), and △, "triangle" (SRE: "white up pointing triangle");
 * - ⊥, "perpendicular to" (SRE: "up tack"). */
function amendRules(json: Maps): void {
  const clearspeak = json["en/rules/clearspeak_english.min"] as RuleSet;
  if (clearspeak.rules.some((rule) => rule[1] === "limit-approaches")) return; // amended already
  clearspeak.rules.push(
    [
      "Rule",
      "limit-approaches",
      "default",
      '[t] "the limit as"; [n] children/*[2]/children/*[1]; [t] "approaches"; [n] children/*[2]/children/*[2]',
      "self::limlower",
      'children/*[2][@role="arrow"]',
      "count(children/*[2]/children/*)=2",
    ],
    [
      "Rule",
      "vector-arrow",
      "default",
      '[t] "vector"; [n] children/*[1]',
      "self::overscore",
      'children/*[2][@role="overaccent"]',
      'children/*[2][text()="→"]',
    ],
  );
  const say: Record<string, string> = { "0394": "Delta", "25B3": "triangle", "22A5": "perpendicular to" };
  for (const [name, entries] of Object.entries(json)) {
    if (!name.startsWith("en/symbols/")) continue;
    for (const entry of entries as SymbolEntry[]) {
      const words = entry.key ? say[entry.key] : undefined;
      if (words) entry.mappings = { default: { default: words } };
    }
  }
}

/** SRE's loader (`custom`): a locale's rule file as text, the English one amended. */
async function localeFile(locale: string): Promise<string> {
  const load = MAPS[locale];
  if (!load) throw new Error(`No speech rules for ${locale}`);
  const json = (await load()).default;
  if (locale === "en") amendRules(json);
  return JSON.stringify(json);
}

declare global {
  // SRE reads this global on every set-up (speech-rule-engine/mjs/common/engine.js, configFeature).
  var SREfeature: Record<string, unknown> | undefined;
}

/** SRE's set-up: English ClearSpeak, our rule files. */
export const SRE_FEATURE = {
  locale: "en",
  domain: "clearspeak",
  style: STYLE,
  modality: "speech",
  custom: localeFile,
};

globalThis.SREfeature = SRE_FEATURE;
