import { useT, type MessageId } from "@/lib/intl";

/** A public text page: a title, an introduction and sections, all from the message catalogue. */
export function ContentPage({
  title,
  intro,
  sections,
}: {
  title: MessageId;
  intro?: MessageId;
  sections: { heading: MessageId; body: MessageId }[];
}) {
  const t = useT();
  return (
    <article className="grid gap-6">
      <h1 className="text-3xl font-semibold text-slate-900">{t(title)}</h1>
      {intro && <p className="text-lg text-slate-700">{t(intro)}</p>}
      {sections.map((section) => (
        <section key={section.heading} className="grid gap-2">
          <h2 className="text-xl font-semibold text-slate-900">{t(section.heading)}</h2>
          <p className="whitespace-pre-line leading-relaxed text-slate-700">{t(section.body)}</p>
        </section>
      ))}
    </article>
  );
}

export const sectionsOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    heading: `${prefix}.s${i + 1}.h` as MessageId,
    body: `${prefix}.s${i + 1}.b` as MessageId,
  }));
