import { Outlet, useMatches } from "react-router-dom";

import assessment from "@/assets/assessment.svg";
import login from "@/assets/login.svg";
import { Brand } from "@/components/brand";
import { LanguageSwitcher } from "@/components/language-switcher";
import { useT } from "@/lib/intl";

import type { RouteHandle } from "../guard";

/** Two columns: the form (and logos linking to /, unless the route turns them off) on the left,
 * a decorative image on the right on large screens: the assessment picture at /, the login
 * illustration elsewhere (spec §2). */
export function AuthLayout({ image }: { image: "assessment" | "login" }) {
  const t = useT();
  const hideLogos = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hideLogos);
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col px-6 py-6 sm:px-12">
        <div className="flex items-center justify-between">
          {!hideLogos ? <Brand to="/" name={t("app.name")} /> : <span />}
          <LanguageSwitcher />
        </div>
        <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center py-10">
          <Outlet />
        </main>
        <footer className="text-xs text-slate-500">© 2026 {t("app.name")}</footer>
      </div>
      <div className="relative hidden lg:block">
        <img
          src={image === "assessment" ? assessment : login}
          alt={image === "assessment" ? t("auth.imageAssessment") : t("auth.imageLogin")}
          className="absolute inset-0 h-full w-full object-cover"
        />
      </div>
    </div>
  );
}
