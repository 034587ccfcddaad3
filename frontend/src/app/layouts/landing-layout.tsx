import { Link, Outlet } from "react-router-dom";

import { Brand } from "@/components/brand";
import { LanguageSwitcher } from "@/components/language-switcher";
import { useKnownUser } from "@/lib/auth/get-authorized";
import { useT } from "@/lib/intl";

/** The bare layout of public pages (spec §2): a slim top bar and the page. A signed-in user (sent
 * to /unsupported or /forbidden from the app, or back on a public page) is offered "Home", a
 * visitor "Log in" (issue 19). */
export function LandingLayout() {
  const t = useT();
  const user = useKnownUser();
  return (
    <div className="min-h-screen bg-white">
      <header className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-3 sm:px-8">
        <Brand to="/" name={t("app.name")} />
        <nav aria-label={t("nav.public")} className="flex items-center gap-3 text-sm">
          <Link className="hidden text-slate-600 hover:text-blue-700 sm:inline" to="/introductions">
            {t("page.introductions")}
          </Link>
          <Link className="hidden text-slate-600 hover:text-blue-700 sm:inline" to="/instructions/step-1">
            {t("page.instructions")}
          </Link>
          {user ? (
            <Link className="font-semibold text-blue-700 hover:underline" to="/home">
              {t("common.home")}
            </Link>
          ) : (
            <Link className="font-semibold text-blue-700 hover:underline" to="/login">
              {t("auth.login")}
            </Link>
          )}
          <LanguageSwitcher />
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
