import { NoticeSections } from "@/components/notice-text";
import { useNotices } from "@/lib/api/consent";
import { formatDate } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

export { sectionsOf } from "@/components/notice-text";

/** A public text page: a title, an introduction and sections, all from the message catalogue. A
 * notice (the terms, the privacy notice) also shows the version in force and the day it took
 * effect, which the server keeps (issue 24, item 1). */
export function ContentPage({
  title,
  intro,
  sections,
  notice,
}: {
  title: MessageId;
  intro?: MessageId;
  sections: { heading: MessageId; body: MessageId }[];
  notice?: "terms" | "privacy";
}) {
  const t = useT();
  return (
    <article className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-semibold text-slate-900">{t(title)}</h1>
        {notice && <NoticeVersion kind={notice} />}
      </div>
      {intro && <p className="text-lg text-slate-700">{t(intro)}</p>}
      <NoticeSections sections={sections} />
    </article>
  );
}

function NoticeVersion({ kind }: { kind: "terms" | "privacy" }) {
  const t = useT();
  const { locale } = useLanguage();
  const notices = useNotices();
  const current = notices.data?.[kind];
  if (!current) return null;
  return (
    <p className="text-sm text-slate-600">
      {t("consent.versionInForce", {
        version: current.version,
        date: formatDate(current.effective_on, locale),
      })}
    </p>
  );
}
