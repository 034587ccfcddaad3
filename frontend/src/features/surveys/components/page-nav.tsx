/** The survey runner's pages: previous, one button per page (done or not), and next or finish
 * on the last page. */
import { CheckCircle2, ChevronLeft, ChevronRight } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { Question } from "../api/types";
import { onPage, pageCount } from "../lib/pages";

export function PageNav({
  questions,
  answers,
  page,
  onGo,
  onFinish,
  finishing,
  locked,
}: {
  questions: Question[];
  answers: Record<number, number>;
  page: number;
  onGo: (page: number) => void;
  onFinish: () => void;
  finishing: boolean;
  locked: boolean;
}) {
  const t = useT();
  const pages = pageCount(questions.length);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3" aria-label={t("surveys.taking.pages")}>
      <Button variant="outline" disabled={page === 0} onClick={() => onGo(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        {t("common.previous")}
      </Button>
      <ol className="flex flex-wrap gap-1.5">
        {Array.from({ length: pages }, (_, index) => {
          const complete = onPage(questions, index).every((q) => answers[q.id] !== undefined);
          return (
            <li key={index}>
              <button
                type="button"
                onClick={() => onGo(index)}
                aria-current={index === page ? "step" : undefined}
                aria-label={t(complete ? "surveys.taking.pageDone" : "surveys.taking.pageTodo", {
                  page: index + 1,
                })}
                className={cn(
                  "h-9 w-9 rounded-lg border text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
                  index === page
                    ? "border-blue-700 bg-blue-700 text-white"
                    : complete
                      ? "border-emerald-300 bg-emerald-50 text-emerald-800"
                      : "border-slate-300 bg-white text-slate-700",
                )}
              >
                {index + 1}
              </button>
            </li>
          );
        })}
      </ol>
      {page < pages - 1 ? (
        <Button onClick={() => onGo(page + 1)}>
          {t("common.next")}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : (
        <Button onClick={onFinish} disabled={finishing || locked}>
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {finishing ? t("common.working") : t("surveys.taking.finish")}
        </Button>
      )}
    </nav>
  );
}
