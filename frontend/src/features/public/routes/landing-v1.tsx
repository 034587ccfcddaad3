import { Link } from "react-router-dom";

import { useT } from "@/lib/intl";

/** /v1: the earlier landing page, kept for links printed on older posters. */
export default function LandingV1Route() {
  const t = useT();
  return (
    <div className="grid gap-4 rounded-2xl bg-blue-700 p-8 text-white">
      <h1 className="text-3xl font-bold">{t("landing.v1.title")}</h1>
      <p className="text-blue-100">{t("landing.v1.body")}</p>
      <Link
        to="/"
        className="w-fit rounded-lg bg-amber-400 px-4 py-2 font-semibold text-slate-900 hover:bg-amber-300"
      >
        {t("landing.v1.cta")}
      </Link>
    </div>
  );
}
