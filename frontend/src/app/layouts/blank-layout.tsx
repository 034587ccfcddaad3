// The signed-in pages' titles (routes.tsx titleId), which the root route shows (messages-plugin.ts).
import "virtual:messages/group/titles";

import { Outlet } from "react-router-dom";

import { useAuthorized } from "@/lib/auth/get-authorized";
import { useT } from "@/lib/intl";

import { Header } from "./header";

/** Header only (spec §2): test taking, grading edit and survey taking. */
export function BlankLayout() {
  const authorized = useAuthorized();
  const t = useT();
  if (!authorized.data) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-500">
        {t("common.loading")}
      </div>
    );
  }
  return (
    <div className="min-h-screen">
      <Header authorized={authorized.data} />
      <main className="min-w-0 p-4 sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
