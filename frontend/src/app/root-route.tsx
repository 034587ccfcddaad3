/** Runs on every navigation: the route guard (roles -> /forbidden, width -> /unsupported), the
 * page-view report, the document title, and focus and announcement of the new page. */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useMatches } from "react-router-dom";

import { authorizedQuery } from "@/lib/auth/get-authorized";
import { RouteAnnouncer } from "@/components/route-announcer";
import { reportPageView } from "@/lib/analytics";
import { useT, type MessageId } from "@/lib/intl";

import { checkRoute, type RouteHandle } from "./guard";

/** The window's width when the user arrived at each location (react-router keeps one location object per navigation).
 * The 1280 px gate is checked on navigation, not on every resize or re-render: a transient
 * resize (a screenshot tool, a window snapped for a moment, a remount while it lasts) must never
 * throw a learner out of a test in progress. */
const widthOnArrival = new WeakMap<object, number>();

function useWidthOnArrival(location: object): number {
  if (typeof window === "undefined") return 0; // the prerender (no width gate on public pages)
  if (!widthOnArrival.has(location)) widthOnArrival.set(location, window.innerWidth);
  return widthOnArrival.get(location) ?? window.innerWidth;
}

export function RootRoute() {
  const matches = useMatches();
  const location = useLocation();
  const t = useT();
  const width = useWidthOnArrival(location);
  const handles = matches.map((m) => m.handle as RouteHandle | undefined);
  const needsUser = handles.some((handle) => handle?.roles || handle?.auth);
  const authorized = useQuery({ ...authorizedQuery(), enabled: needsUser });
  const titleId = [...handles].reverse().find((handle) => handle?.titleId)?.titleId as MessageId | undefined;
  const pageTitle = titleId ? t(titleId) : t("app.name");

  useEffect(() => {
    const title = titleId ? `${t(titleId)} · ${t("app.name")}` : t("app.name");
    document.title = title;
    reportPageView(location.pathname, title);
  }, [location.pathname, titleId, t]);

  return (
    <>
      <RouteAnnouncer title={pageTitle} />
      <Guarded
        pending={needsUser && authorized.isPending}
        verdict={checkRoute(handles, authorized.data?.user.pandai_profile_role, width)}
      />
    </>
  );
}

function Guarded({ pending, verdict }: { pending: boolean; verdict: ReturnType<typeof checkRoute> }) {
  const t = useT();
  if (pending) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-500">
        {t("common.loading")}
      </div>
    );
  }
  if (verdict === "forbidden") return <Navigate to="/forbidden" replace />;
  if (verdict === "unsupported") return <Navigate to="/unsupported" replace />;
  return <Outlet />;
}
