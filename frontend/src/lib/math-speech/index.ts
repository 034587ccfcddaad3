/** The spoken text of a formula in the language of the text it is in (issue 39 item 4, decision
 * 0053): what a screen reader says for it and what names a control whose label holds it.
 * English: Speech Rule Engine's ClearSpeak (english.ts); Vietnamese: our own rule set
 * (vietnamese.ts). Each language's code loads on first need, in its own chunk. */
import type { Language } from "@/lib/language";

/** A language's speech, once loaded: the spoken text of a formula's LaTeX (the text between
 * `$...$`), `""` when it has none (a formula KaTeX cannot parse, for English). It remembers what
 * it said (`said(latex)`: a call would be immediate) and how long it takes (`quick()`: under a
 * millisecond a formula on average, as our Vietnamese rules; Speech Rule Engine takes several). */
export type Speaker = ((latex: string) => string) & {
  said: (latex: string) => boolean;
  quick: () => boolean;
};

type Speak = (latex: string) => string;

const LOADERS: Record<Language, () => Promise<Speak>> = {
  vi: () => import("./vietnamese").then((m) => m.speakVietnamese),
  en: () => import("./english").then((m) => m.loadEnglish()),
};

const pending = new Map<Language, Promise<Speaker>>();

/** `lang`'s speech, loaded once (a failed load is tried again on the next call). Each speaker
 * remembers what it said, so a formula repeated on a page is read once. */
export function loadSpeaker(lang: Language): Promise<Speaker> {
  let promise = pending.get(lang);
  if (!promise) {
    promise = LOADERS[lang]().then(remembering, (error: unknown) => {
      pending.delete(lang);
      throw error;
    });
    pending.set(lang, promise);
  }
  return promise;
}

function remembering(speak: Speak): Speaker {
  const said = new Map<string, string>();
  let spent = 0; // ms
  const speaker = (latex: string) => {
    let text = said.get(latex);
    if (text === undefined) {
      const start = performance.now();
      try {
        text = speak(latex);
      } catch {
        text = ""; // the formula stays as KaTeX shows it, its MathML readable
      }
      spent += performance.now() - start;
      said.set(latex, text);
    }
    return text;
  };
  return Object.assign(speaker, {
    said: (latex: string) => said.has(latex),
    quick: () => said.size === 0 || spent / said.size < 1,
  });
}

/** The spoken text of `latex` in `lang`: `speak("\\sqrt{5}", "vi")` is "căn bậc hai của 5",
 * `speak("\\sqrt{5}", "en")` "the square root of 5". */
export async function speak(latex: string, lang: Language): Promise<string> {
  return (await loadSpeaker(lang))(latex);
}
