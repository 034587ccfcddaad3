/** Question HTML as the learner sees it: the server's sanitized HTML (a small tag set, our own
 * images) with LaTeX between $...$ rendered by KaTeX. Used by every feature that shows
 * questions.
 *
 * Every formula carries its spoken text in the language of the text it is in (issue 39 item 4,
 * decision 0053): `role="math"` and `aria-label` ("căn bậc hai của 5", "the square root of 5")
 * on KaTeX's element, its MathML hidden from the accessibility tree, so a screen reader says the
 * label, and a control whose label holds a formula is named by that text, never by LaTeX and
 * without a second copy of the formula.
 *
 * Question texts are bilingual (`{vi, en}`): `MathHtml`/`MathSpan` given `text` show the reader's
 * language, falling back to the other one, and mark a fallback with `lang` (WCAG 3.1.2, issue
 * 18), so a screen reader reads a Vietnamese stem on an English page with a Vietnamese voice.
 *
 * KaTeX loads on first need, once the first text with math was shown (issue 20): a text with math shows as
 * stored until it came (once per page life), then its formulas are rendered in place. */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";

import { loadOnce, observes, whenIdle } from "@/components/deferred";
import { useLangAttr } from "@/components/lang";
import { cn } from "@/lib/cn";
import { useLanguage } from "@/lib/intl";
import type { Language } from "@/lib/language";
import { loadSpeaker, type Speaker } from "@/lib/math-speech";

type Katex = typeof import("katex").default;
let katex: Katex | null = null;

/** The texts waiting for KaTeX or for a language's speech. */
const mathListeners = new Set<() => void>();

/** KaTeX's chunk; the texts waiting for it render again when it came. */
const importKatex = () =>
  import("./katex").then((m) => {
    katex = m.default;
    mathListeners.forEach((notify) => notify());
    return katex;
  });

/** KaTeX, loaded once (`loadOnce`: a failed load is tried again on the next need). */
export function loadKatex(): Promise<Katex> {
  return loadOnce(importKatex);
}

const MATH = /\$([^$]+)\$/g;

/** Whether `html` has LaTeX to render (text between two `$`). */
export function hasMath(html: string): boolean {
  return new RegExp(MATH.source).test(html);
}

/** The text nodes under `root` with LaTeX still to render (a `$...$` pair within one text node;
 * text inside KaTeX's own output is left alone). */
function mathTextsIn(root: Element): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (hasMath(text.data) && !text.parentElement?.closest(".katex")) found.push(text);
  }
  return found;
}

/** The LaTeX of the formulas under `root` still to render, in page order. */
function sourcesIn(root: Element): string[] {
  return mathTextsIn(root).flatMap((text) => text.data.split(MATH).filter((_, i) => i % 2 === 1));
}

/** Renders, in place, the LaTeX of every text node under `root`; KaTeX must be loaded
 * (`loadKatex`). With a `speaker`, each formula carries its spoken text: `role="math"` and the
 * text as `aria-label` on KaTeX's element, its MathML hidden (KaTeX hides its visual half
 * itself), so a screen reader says the text once; a formula without one keeps its MathML.
 *
 * Only the text nodes are replaced: the elements of the question's HTML stay the same nodes, so
 * the paragraph the learner already reads is not swapped for a new one (the browser's largest
 * paint stays the first one, issue 20) and a caret or a selection in it survives. A formula
 * KaTeX cannot parse shows as KaTeX's error (its source, in red). */
export function renderMathIn(root: Element, speaker: Speaker | null = null): void {
  if (!katex) throw new Error("renderMathIn before loadKatex()");
  const render = katex;
  for (const text of mathTextsIn(root)) {
    const parts = text.data.split(MATH); // even: plain text, odd: LaTeX
    const fragment = document.createDocumentFragment();
    parts.forEach((part, i) => {
      if (i % 2 === 0) {
        if (part) fragment.append(part);
        return;
      }
      const template = document.createElement("template");
      try {
        template.innerHTML = render.renderToString(part, { throwOnError: false });
        const formula = template.content.firstElementChild;
        const spoken = speaker && formula?.classList.contains("katex") ? speaker(part) : "";
        if (formula && spoken) {
          formula.setAttribute("role", "math");
          formula.setAttribute("aria-label", spoken);
          formula.querySelector(":scope > .katex-mathml")?.setAttribute("aria-hidden", "true");
        }
        fragment.append(template.content);
      } catch {
        fragment.append(`$${part}$`);
      }
    });
    text.replaceWith(fragment);
  }
}

/** Each language's speech once it came: a `Speaker`, or `null` when it could not be loaded (the
 * formulas keep KaTeX's MathML for a screen reader). */
const speakers = new Map<Language, Speaker | null>();

const speechRequested = new Set<Language>();

/** Loads `lang`'s speech once; the texts waiting for it label their formulas when it came. */
function loadSpeech(lang: Language): void {
  if (speakers.has(lang) || speechRequested.has(lang)) return;
  speechRequested.add(lang);
  loadSpeaker(lang)
    .then(
      (speaker) => speakers.set(lang, speaker),
      () => speakers.set(lang, null),
    )
    .finally(() => mathListeners.forEach((notify) => notify()));
}

/** `lang`'s speech, loaded (tests, and pages that know they will show formulas). */
export async function loadMathSpeech(lang: Language): Promise<void> {
  const speaker = await loadSpeaker(lang);
  speakers.set(lang, speaker);
  mathListeners.forEach((notify) => notify());
}

/** How long speech may hold the main thread at a time, in ms: English speech (Speech Rule
 * Engine) takes several ms a formula, and a result page shows hundreds of them. Every text
 * rendered in one task shares one slice; what does not fit is spoken in the browser's next idle
 * moments, in page order, and its text rendered then. */
const SPEECH_SLICE_MS = 8;
let sliceEnd = 0;
let sliceOpen = false;

/** Whether the current task may still compute speech (its slice opens with its first call). */
function inSlice(): boolean {
  const now = performance.now();
  if (!sliceOpen) {
    sliceOpen = true;
    sliceEnd = now + SPEECH_SLICE_MS;
    setTimeout(() => (sliceOpen = false), 0);
  }
  return now < sliceEnd;
}

/** Speaks what the current slice allows of `sources`, in order (all of them for a quick
 * speaker); returns the ones left. */
function speakNow(sources: string[], speaker: Speaker): string[] {
  const left: string[] = [];
  for (const latex of sources) {
    if (speaker.said(latex)) continue;
    if (left.length === 0 && (speaker.quick() || inSlice())) speaker(latex);
    else left.push(latex);
  }
  return left;
}

type Job = { sources: string[]; speaker: Speaker; done: () => void; cancelled: boolean };
const waiting: Job[] = [];
let draining = false;

/** Speaks `sources` in idle time, then calls `done`; returns a cancel function. */
function speakLater(sources: string[], speaker: Speaker, done: () => void): () => void {
  const job: Job = { sources, speaker, done, cancelled: false };
  waiting.push(job);
  if (!draining) {
    draining = true;
    whenIdle(drain);
  }
  return () => {
    job.cancelled = true;
  };
}

function drain(): void {
  draining = false;
  const end = performance.now() + SPEECH_SLICE_MS;
  while (waiting.length > 0 && performance.now() < end) {
    const job = waiting[0]!;
    const next = job.cancelled ? undefined : job.sources.find((latex) => !job.speaker.said(latex));
    if (next === undefined) {
      waiting.shift();
      if (!job.cancelled) job.done();
    } else job.speaker(next);
  }
  if (waiting.length > 0 && !draining) {
    draining = true;
    whenIdle(drain);
  }
}

/** The `elementtiming` name of a text with math: its first paint, as the browser reports it
 * (Element Timing), is when KaTeX is asked for. */
const MATH_TIMING = "math";

/** Calls `run` once a text with math has been shown: the browser's Element Timing entry of an
 * element marked `elementtiming="math"` (the time the frame was presented, not only painted), or,
 * where the API is missing (Firefox, Safari, jsdom), at the first idle moment (`whenIdle`). Then
 * the request for KaTeX does not compete with the page's first paint, and a trace shows the
 * question painted before KaTeX was asked for (issue 20). After `FALLBACK_MS` it runs anyway (a
 * text that is not painted, such as one in a closed panel). Returns a cancel function. */
function afterMathShown(run: () => void): () => void {
  if (!observes("element")) return whenIdle(run);
  const shown = () => {
    cancel();
    run();
  };
  const timer = setTimeout(shown, FALLBACK_MS);
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
    if (entries.some((entry) => entry.identifier === MATH_TIMING)) shown();
  });
  observer.observe({ type: "element", buffered: true });
  function cancel() {
    observer.disconnect();
    clearTimeout(timer);
  }
  return cancel;
}

/** How long a text with math waits for its first paint to be reported before asking for KaTeX. */
const FALLBACK_MS = 1500;

/** A text stored in both languages, as the server sends questions and options. */
export type Bilingual = { vi?: string | null; en?: string | null };

/** The reader's half of a bilingual text and the language it is in: the reader's language when
 * it is filled in, else the other one (the server's `config.i18n.pick` rule); `""` in the
 * reader's language when both are empty. */
export function pickLanguage(
  text: Bilingual | undefined,
  language: string,
): { text: string; lang: Language } {
  const own: Language = language === "en" ? "en" : "vi";
  const other: Language = own === "en" ? "vi" : "en";
  if (text?.[own]) return { text: text[own], lang: own };
  if (text?.[other]) return { text: text[other], lang: other };
  return { text: "", lang: own };
}

/** A text of both languages in the reader's language, falling back to the other one. */
export function inLanguage(text: Bilingual | undefined, language: string): string {
  return pickLanguage(text, language).text;
}

type MathProps = {
  /** HTML already in the reader's language (or language-neutral). */
  html?: string;
  /** A bilingual text: shown in the reader's language, a fallback marked with `lang`. */
  text?: Bilingual;
  /** The language to show `text` in when it is not the page's (a preview of the other
   * language); a text in another language than the page's is marked with `lang`. */
  language?: Language;
  /** Shown when the text is empty in both languages (e.g. `#12` for an untitled question). */
  empty?: string;
  className?: string;
};

/** The HTML to show, the `lang` attribute it needs (none when it is in the reader's language)
 * and the language its formulas are spoken in (the language of the text). */
function useMath({ html, text, empty, language }: MathProps): {
  source: string;
  lang?: Language;
  speech: Language;
} {
  const page = useLanguage().language;
  const picked = text ? pickLanguage(text, language ?? page) : { text: html ?? "", lang: page };
  const attr = useLangAttr(picked.lang);
  return {
    source: picked.text || empty || "",
    lang: picked.text ? attr.lang : undefined,
    speech: picked.lang,
  };
}

type Shown = { source: string; lang?: Language; speech: Language; className?: string; inline: boolean };

function subscribeMath(notify: () => void) {
  mathListeners.add(notify);
  return () => mathListeners.delete(notify);
}

/** Pictures sit in the line of their text (an equation kept as a picture inside a stem; the base
 * style makes every image a block) and never wider than the text. */
const PICTURES = "[&_img]:inline-block [&_img]:max-w-full [&_img]:align-middle";

/** The text as stored, its math rendered in place once KaTeX and the speech of its formulas came
 * (the first text with math on a page asks for them once that text was shown): nothing else on
 * the page waits, moves out or loses the focus, and the element the learner reads stays the same
 * node (a new one only when the language its formulas are spoken in changes). */
function MathText({ source, lang, speech, className, inline }: Shown) {
  const element = useRef<HTMLElement & HTMLDivElement>(null);
  const loaded = useSyncExternalStore(subscribeMath, () => katex);
  const speaker = useSyncExternalStore(subscribeMath, () => speakers.get(speech));
  const [spoken, setSpoken] = useState(0);
  const math = hasMath(source);
  useEffect(() => {
    if (!math || (loaded && speaker !== undefined)) return;
    return afterMathShown(() => {
      if (!katex) loadKatex().catch(() => {}); // offline: the text stays as stored
      loadSpeech(speech);
    });
  }, [math, loaded, speaker, speech]);
  useLayoutEffect(() => {
    // React sets the stored HTML again only when `source` changes; then this renders it again,
    // once KaTeX and the speech of every formula in it are there: a formula is never shown
    // without its spoken text (a control named by it would have no name).
    const root = element.current;
    if (!math || !loaded || speaker === undefined || !root) return;
    if (speaker === null) return renderMathIn(root); // no speech (offline): KaTeX's MathML
    const left = speakNow(sourcesIn(root), speaker);
    if (left.length === 0) return renderMathIn(root, speaker);
    return speakLater(left, speaker, () => setSpoken((n) => n + 1));
  }, [source, math, loaded, speaker, spoken]);
  // The HTML comes from the server's allow-list sanitizer (nh3); KaTeX's output is added in place.
  // Element Timing's attribute, not in React's types (a spread passes it through).
  const timing = math ? { elementtiming: MATH_TIMING } : {};
  return inline ? (
    <span
      key={speech}
      ref={element}
      className={cn("[&_p]:inline", PICTURES, className)}
      lang={lang}
      {...timing}
      dangerouslySetInnerHTML={{ __html: source }}
    />
  ) : (
    <div
      key={speech}
      ref={element}
      className={cn(PICTURES, className)}
      lang={lang}
      {...timing}
      dangerouslySetInnerHTML={{ __html: source }}
    />
  );
}

export function MathHtml(props: MathProps) {
  return <MathText {...useMath(props)} className={props.className} inline={false} />;
}

/** Inline question HTML (options, short answers), like `MathHtml` but as a span so that it can sit
 * inside a label. */
export function MathSpan(props: MathProps) {
  return <MathText {...useMath(props)} className={props.className} inline />;
}
