import { Link } from "react-router-dom";

import { useT, type MessageId } from "@/lib/intl";

const TOPICS = [1, 2, 3, 4, 5, 6];

/** /guide (guide.student): the student guide. */
export default function GuideRoute() {
  const t = useT();
  return (
    <article className="grid max-w-3xl gap-6">
      <h1 className="text-2xl font-semibold">{t("page.guide")}</h1>
      <p className="text-slate-700">{t("guide.intro")}</p>
      {TOPICS.map((n) => (
        <section key={n} className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">{t(`guide.t${n}.h` as MessageId)}</h2>
          <p className="text-sm leading-relaxed text-slate-700">{t(`guide.t${n}.b` as MessageId)}</p>
        </section>
      ))}
      <Link to="/instructions/step-1" className="text-blue-700 hover:underline">
        {t("guide.more")}
      </Link>
    </article>
  );
}
