/** Language of parts (WCAG 3.1.2): content written in another language than the interface's is
 * marked with `lang`, so a screen reader reads it with the right voice. What people type in (test
 * and batch names, organizations, provinces, person names, descriptions) is Vietnamese; the
 * interface texts follow the chosen language. The attribute is added only when the two differ. */
import { Fragment, type ReactNode } from "react";

import { useLanguage } from "@/lib/intl";
import type { Language } from "@/lib/language";

/** The language of content entered by people (the centre works in Vietnamese). */
export const CONTENT_LANGUAGE: Language = "vi";

/** `{ lang }` to spread on an element holding content in `lang` when the interface is in another
 * language; `{}` otherwise. */
export function useLangAttr(lang: Language = CONTENT_LANGUAGE): { lang?: Language } {
  const langFor = useLangFor();
  const attr = langFor(lang);
  return attr ? { lang: attr } : {};
}

/** For parts whose languages differ from row to row (a chart's labels, a heatmap's rows): a
 * function giving the `lang` of a part in `lang` (content language by default), or `undefined`
 * when it is the interface's. */
export function useLangFor(): (lang?: Language) => Language | undefined {
  const { language } = useLanguage();
  return (lang = CONTENT_LANGUAGE) => (lang === language ? undefined : lang);
}

/** Wraps `children` in `<span lang>` when their language differs from the interface's; renders
 * them as they are otherwise (no extra element). */
export function Lang({ lang = CONTENT_LANGUAGE, children }: { lang?: Language; children: ReactNode }) {
  const attr = useLangAttr(lang);
  if (children == null || children === "" || !attr.lang) return <>{children}</>;
  return <span lang={attr.lang}>{children}</span>;
}

/** A text made by the server in the interface language that quotes content (a test, batch,
 * organization or person name, from the notification's arguments): each quoted part is marked
 * with `lang` when it differs from the interface language. Longer parts are matched first. */
export function LangParts({
  text,
  parts,
  lang = CONTENT_LANGUAGE,
}: {
  text: string;
  parts: ReadonlyArray<string | null | undefined>;
  lang?: Language;
}) {
  const attr = useLangAttr(lang);
  const quoted = [...new Set(parts.filter((p): p is string => !!p && p.trim() !== ""))].sort(
    (a, b) => b.length - a.length,
  );
  if (!attr.lang || quoted.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${quoted.map(escapeRegExp).join("|")})`, "g");
  const pieces = text.split(pattern);
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 1 ? (
          <span key={index} lang={attr.lang}>
            {piece}
          </span>
        ) : (
          <Fragment key={index}>{piece}</Fragment>
        ),
      )}
    </>
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
