import { Suspense, type ReactNode } from "react";

import { useT } from "@/lib/intl";

/** The layouts' boundary around their page: a part of the page that loads code on first need
 * (KaTeX for math, math-html.tsx) shows the loading status in the page's place meanwhile (issue 20). */
export function PageSuspense({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="text-slate-500">
          {t("common.loading")}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
