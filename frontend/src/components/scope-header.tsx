/** The header of a page about one test preset or one of its batches (issue 19: the gradebook and
 * the item analysis): a link back, a kicker, the test's or batch's name as the page's h1, on a
 * batch's page a link to the same page for the whole test, an introduction, and the page's
 * actions beside them. */
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";

export function ScopeHeader({
  back,
  kicker,
  title,
  wholeTest,
  intro,
  children,
}: {
  back: { to: string; label: string };
  kicker: string;
  /** The h1's content (a name is marked with `Lang` by the caller). */
  title: ReactNode;
  /** On a batch's page: the test's name, its page for every batch, and the words after the link. */
  wholeTest?: { to: string; name: string; label: string };
  intro: string;
  /** The actions, on the right from the small breakpoint on. */
  children?: ReactNode;
}) {
  return (
    <>
      <Link
        to={back.to}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {back.label}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium text-blue-800">{kicker}</p>
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{title}</h1>
          {wholeTest && (
            <p className="text-sm text-slate-600">
              <Link to={wholeTest.to} className="text-blue-700 hover:underline">
                <Lang>{wholeTest.name}</Lang>
              </Link>{" "}
              · {wholeTest.label}
            </p>
          )}
          <p className="text-sm text-slate-600">{intro}</p>
        </div>
        {children}
      </header>
    </>
  );
}
