import { lazy, Suspense, useEffect, useState } from "react";
// The signed-in pages' titles (routes.tsx titleId), which the root route shows (messages-plugin.ts).
import "virtual:messages/group/titles";

import { Outlet, useLocation } from "react-router-dom";

import { Drawer } from "@/components/ui/drawer";
import { useConsentState } from "@/lib/api/consent";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { useT } from "@/lib/intl";
import { withTexts } from "@/lib/messages-store";

import { Header } from "./header";
import { OngoingSurveyPrompt } from "./ongoing-survey-prompt";
import { Sidebar } from "./sidebar";

// Forms (react-hook-form) that few learners see: out of the first visit of every app page (issue 20).
const ConsentBanner = lazy(
  withTexts(() => import("./consent-banner").then((m) => ({ default: m.ConsentBanner }))),
);
const ConsentPrompt = lazy(
  withTexts(() => import("./consent-prompt").then((m) => ({ default: m.ConsentPrompt }))),
);

/** Header plus sidebar (spec §2); on phones the sidebar is a drawer (a modal dialog that returns
 * focus to the menu button) that closes on navigation. */
export function DefaultLayout() {
  const authorized = useAuthorized();
  // Consent (issue 24, item 1): a learner is asked to consent first, then told why buying waits.
  const consent = useConsentState(authorized.data?.user.pandai_profile_role === "LEARNER");
  const t = useT();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setDrawer(false), [pathname]);
  if (!authorized.data) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-500">
        {t("common.loading")}
      </div>
    );
  }
  const role = authorized.data.user.pandai_profile_role;
  return (
    <div className="min-h-screen">
      <Header authorized={authorized.data} onMenu={() => setDrawer(true)} />
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
          <Sidebar role={role} />
        </aside>
        <Drawer
          open={drawer}
          onOpenChange={setDrawer}
          label={t("nav.main")}
          closeLabel={t("common.close")}
          className="lg:hidden"
        >
          <Sidebar role={role} onNavigate={() => setDrawer(false)} />
        </Drawer>
        <main className="min-w-0 flex-1 p-4 sm:p-8">
          {consent.data?.blocked?.code === "parental_consent_required" && (
            <Suspense fallback={null}>
              <ConsentBanner state={consent.data} />
            </Suspense>
          )}
          <Outlet />
        </main>
      </div>
      {consent.data?.prompt.length ? (
        <Suspense fallback={null}>
          <ConsentPrompt state={consent.data} />
        </Suspense>
      ) : (
        <OngoingSurveyPrompt />
      )}
    </div>
  );
}
