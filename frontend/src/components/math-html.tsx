/** Question HTML as the learner sees it: the server's sanitized HTML (a small tag set, our own
 * images) with LaTeX between $...$ rendered by KaTeX. Used by every feature that shows
 * questions.
 *
 * Question texts are bilingual (`{vi, en}`): `MathHtml`/`MathSpan` given `text` show the reader's
 * language, falling back to the other one, and mark a fallback with `lang` (WCAG 3.1.2, issue
 * 18), so a screen reader reads a Vietnamese stem on an English page with a Vietnamese voice.
 *
 * KaTeX loads on first need (issue 20): a text with math shows as stored until it came (once per
 * page life), then rendered. */
import { useEffect, useMemo, useSyncExternalStore } from "react";

import { useLangAttr } from "@/components/lang";
import { cn } from "@/lib/cn";
import { useLanguage } from "@/lib/intl";
import type { Language } from "@/lib/language";

type Katex = typeof import("katex").default;
let katex: Katex | null = null;
let katexLoad: Promise<Katex> | null = null;

const katexListeners = new Set<() => void>();

/** KaTeX, loaded once (a failed load is tried again on the next need); the texts waiting for it
 * render again when it came. */
export function loadKatex(): Promise<Katex> {
  katexLoad ??= import("./katex").then(
    (m) => {
      katex = m.default;
      katexListeners.forEach((notify) => notify());
      return katex;
    },
    (error: unknown) => {
      katexLoad = null;
      throw error;
    },
  );
  return katexLoad;
}

const MATH = /\$([^$]+)\$/g;

/** Whether `html` has LaTeX to render (text between two `$`). */
export function hasMath(html: string): boolean {
  return new RegExp(MATH.source).test(html);
}

/** `html` with its LaTeX rendered; KaTeX must be loaded when it has math (`loadKatex`). */
export function renderMath(html: string): string {
  if (!katex) {
    if (hasMath(html)) throw new Error("renderMath before loadKatex()");
    return html;
  }
  const render = katex;
  return html.replace(MATH, (_, tex: string) => {
    try {
      return render.renderToString(tex.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"), {
        throwOnError: false,
      });
    } catch {
      return `$${tex}$`;
    }
  });
}

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
  /** Shown when the text is empty in both languages (e.g. `#12` for an untitled question). */
  empty?: string;
  className?: string;
};

/** The HTML to show and the `lang` attribute it needs (none when it is in the reader's language). */
function useMath({ html, text, empty }: MathProps): { source: string; lang?: Language } {
  const { language } = useLanguage();
  const picked = text ? pickLanguage(text, language) : { text: html ?? "", lang: language };
  const attr = useLangAttr(picked.lang);
  return { source: picked.text || empty || "", lang: picked.text ? attr.lang : undefined };
}

type Shown = { source: string; lang?: Language; className?: string; inline: boolean };

/** The element; `rendered` is the HTML with its math (or, until KaTeX came, without). */
function MathElement({ rendered, lang, className, inline }: Omit<Shown, "source"> & { rendered: string }) {
  // The HTML comes from the server's allow-list sanitizer (nh3) and KaTeX's own output.
  return inline ? (
    <span
      className={cn("[&_p]:inline", className)}
      lang={lang}
      dangerouslySetInnerHTML={{ __html: rendered }}
    />
  ) : (
    <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: rendered }} />
  );
}

function subscribeKatex(notify: () => void) {
  katexListeners.add(notify);
  return () => katexListeners.delete(notify);
}

/** The text with its math rendered; until KaTeX came (the first text with math on a page), as it
 * is stored, in the same element: nothing else on the page waits, moves out or loses the focus. */
function MathText({ source, ...shown }: Shown) {
  const loaded = useSyncExternalStore(subscribeKatex, () => katex);
  const needsKatex = !loaded && hasMath(source);
  useEffect(() => {
    if (needsKatex) loadKatex().catch(() => {}); // offline: the text stays as stored
  }, [needsKatex]);
  const rendered = useMemo(() => (needsKatex ? source : renderMath(source)), [source, needsKatex]);
  return <MathElement rendered={rendered} {...shown} />;
}

export function MathHtml(props: MathProps) {
  return <MathText {...useMath(props)} className={props.className} inline={false} />;
}

/** Inline question HTML (options, short answers), like `MathHtml` but as a span so that it can sit
 * inside a label. */
export function MathSpan(props: MathProps) {
  return <MathText {...useMath(props)} className={props.className} inline />;
}
