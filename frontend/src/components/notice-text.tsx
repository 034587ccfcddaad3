/** The text of a notice (the terms, the privacy notice) from the message catalogue: headed
 * sections `<prefix>.s<N>.h` / `<prefix>.s<N>.b`. The public pages and the parent's consent page
 * show the same text (issue 24, item 1). */
import { useT, type MessageId } from "@/lib/intl";

export const NOTICE_SECTIONS = { terms: 5, privacy: 8 } as const;

export const sectionsOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    heading: `${prefix}.s${i + 1}.h` as MessageId,
    body: `${prefix}.s${i + 1}.b` as MessageId,
  }));

/** The sections under headings of `level` (h2 on its own page, h3 inside another page). */
export function NoticeSections({
  sections,
  level = 2,
}: {
  sections: { heading: MessageId; body: MessageId }[];
  level?: 2 | 3;
}) {
  const t = useT();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading} className="grid gap-2">
          <Heading
            className={level === 2 ? "text-xl font-semibold text-slate-900" : "font-semibold text-slate-900"}
          >
            {t(section.heading)}
          </Heading>
          <p className="whitespace-pre-line leading-relaxed text-slate-700">{t(section.body)}</p>
        </section>
      ))}
    </>
  );
}
