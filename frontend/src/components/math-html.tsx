/** Question HTML as the learner sees it: the server's sanitized HTML (a small tag set, our own
 * images) with LaTeX between $...$ rendered by KaTeX. Used by every feature that shows
 * questions. */
import katex from "katex";
import "katex/dist/katex.min.css";
import { useMemo } from "react";

export function renderMath(html: string): string {
  return html.replace(/\$([^$]+)\$/g, (_, tex: string) => {
    try {
      return katex.renderToString(tex.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"), {
        throwOnError: false,
      });
    } catch {
      return `$${tex}$`;
    }
  });
}

export function MathHtml({ html, className }: { html: string; className?: string }) {
  const rendered = useMemo(() => renderMath(html || ""), [html]);
  // The HTML comes from the server's allow-list sanitizer (nh3) and KaTeX's own output.
  return <div className={className} dangerouslySetInnerHTML={{ __html: rendered }} />;
}

/** A text of both languages in the reader's language, falling back to the other one. */
export function inLanguage(text: { vi?: string; en?: string } | undefined, language: string): string {
  if (!text) return "";
  return (language === "en" ? text.en || text.vi : text.vi || text.en) || "";
}
