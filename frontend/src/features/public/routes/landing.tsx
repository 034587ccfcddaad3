import { Award, ClipboardCheck, MessagesSquare } from "lucide-react";
import { Link } from "react-router-dom";

import { buttonSizes, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

const STAGES: { icon: typeof Award; title: MessageId; body: MessageId }[] = [
  { icon: ClipboardCheck, title: "landing.stage1.title", body: "landing.stage1.body" },
  { icon: MessagesSquare, title: "landing.stage2.title", body: "landing.stage2.body" },
  { icon: Award, title: "landing.stage3.title", body: "landing.stage3.body" },
];

/** The public pages linked under the landing's call to action. */
const PUBLIC_PAGES = [
  ["/introductions", "page.introductions"],
  ["/awards", "page.awards"],
  ["/hardware-facility", "page.hardware"],
  ["/instructions/step-1", "page.instructions"],
  ["/terms-and-conditions", "page.terms"],
  ["/privacy-policy", "page.privacy"],
] as const;

/** / : the three-stage programme (spec §1) and the way in. */
export default function LandingRoute() {
  const t = useT();
  return (
    <div className="grid gap-8">
      <div className="grid gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{t("landing.kicker")}</p>
        <h1 className="text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">{t("landing.title")}</h1>
        <p className="text-slate-700">{t("landing.subtitle")}</p>
      </div>
      <ol className="grid gap-4">
        {STAGES.map((stage, index) => (
          <li
            key={stage.title}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 font-semibold text-white">
              {index + 1}
            </span>
            <div className="grid gap-1">
              <h2 className="flex items-center gap-2 font-semibold">
                <stage.icon className="h-4 w-4 text-amber-500" aria-hidden="true" />
                {t(stage.title)}
              </h2>
              <p className="text-sm text-slate-600">{t(stage.body)}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        {(
          [
            ["/signup", "landing.register", "default"],
            ["/login", "auth.login", "outline"],
          ] as const
        ).map(([to, label, variant]) => (
          <Link
            key={to}
            to={to}
            className={cn(
              "inline-flex items-center rounded-lg font-medium",
              buttonVariants[variant],
              buttonSizes.lg,
            )}
          >
            {t(label)}
          </Link>
        ))}
      </div>
      <nav aria-label={t("nav.public")} className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-blue-700">
        {PUBLIC_PAGES.map(([to, label]) => (
          <Link key={to} to={to} className="hover:underline">
            {t(label)}
          </Link>
        ))}
      </nav>
    </div>
  );
}
