/** A shared stimulus (ngữ liệu dùng chung: a passage, table or figure that several questions hang
 * from; issue 39, item 1, decision 0054) as the learner reads it: a region named by its title,
 * the body's HTML with its formulas and figures (`MathHtml`). Used by the test page, the result
 * and the question bank's preview; the caller gives the texts around it (`label`, `heading`). */
import { forwardRef, useId, type ReactNode } from "react";

import { MathHtml, MathSpan, pickLanguage, type Bilingual } from "@/components/math-html";
import { cn } from "@/lib/cn";

/** Tables of data (a stimulus' usual content) with their cells ruled and spaced; paragraphs apart. */
const TABLES =
  "[&_p]:my-2 [&_table]:my-3 [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:bg-white [&_td]:px-2 [&_td]:py-1 [&_td]:text-right [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left";

export interface StimulusText {
  title: Bilingual;
  body: Bilingual;
}

export const StimulusView = forwardRef<
  HTMLElement,
  {
    stimulus: StimulusText;
    /** A line above the title, such as "Questions 3–5" (plain text). */
    label?: ReactNode;
    /** The title's heading level in the page's outline. */
    heading?: "h2" | "h3" | "h4" | "h5";
    /** Shown as the title when it is empty in both languages. */
    untitled: string;
    /** Scrolls inside a bounded height (beside a question on wide screens). The region always
     * takes the keyboard focus, so that what scrolls in it can be scrolled without a mouse. */
    scrolls?: boolean;
    className?: string;
  }
>(function StimulusView(
  { stimulus, label, heading: Heading = "h2", untitled, scrolls = false, className },
  ref,
) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls (a long passage beside its question, a table wider than a phone) takes the focus to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn(
        "grid min-w-0 content-start gap-3 overflow-x-auto rounded-2xl border border-amber-200 bg-amber-50/60 p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600",
        scrolls && "xl:max-h-[calc(100vh-12rem)] xl:overflow-y-auto",
        className,
      )}
    >
      {label && <p className="text-xs font-medium uppercase tracking-wide text-amber-900">{label}</p>}
      <Heading id={titleId} className="text-base font-semibold text-slate-900">
        <MathSpan text={stimulus.title} empty={untitled} />
      </Heading>
      <MathHtml text={stimulus.body} className={cn("question-html text-base leading-relaxed", TABLES)} />
    </section>
  );
});

/** The title as plain text in the reader's language (the other one when blank), a formula's
 * `$` delimiters dropped: for a link that names the stimulus in the question lists ("Part of the
 * shared stimulus: ..."). Titles are short words; a formula in one is read as written. */
export function stimulusTitleText(title: Bilingual, language: string): string {
  const html = pickLanguage(title, language).text;
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text
    .replace(/\$([^$]+)\$/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
