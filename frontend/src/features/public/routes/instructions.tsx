import { Link, Navigate, useParams } from "react-router-dom";

import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

export const STEPS = 9;

/** /instructions/step-1 .. step-9 (step-1 is the default): how a learner takes part. */
export default function InstructionsRoute() {
  const t = useT();
  const { step = "step-1" } = useParams();
  const number = Number(/^step-(\d)$/.exec(step)?.[1] ?? 0);
  if (number < 1 || number > STEPS) return <Navigate to="/instructions/step-1" replace />;
  return (
    <div className="grid gap-6 lg:grid-cols-[220px_1fr]">
      <nav aria-label={t("page.instructions")} className="grid content-start gap-1">
        {Array.from({ length: STEPS }, (_, i) => i + 1).map((n) => (
          <Link
            key={n}
            to={`/instructions/step-${n}`}
            aria-current={n === number ? "step" : undefined}
            className={cn(
              "rounded-lg px-3 py-2 text-sm",
              n === number ? "bg-blue-700 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            {t("instructions.stepLabel", { n })}: {t(`instructions.step${n}.h` as MessageId)}
          </Link>
        ))}
      </nav>
      <article className="grid content-start gap-4">
        <p className="text-sm font-semibold text-blue-700">{t("instructions.stepLabel", { n: number })}</p>
        <h1 className="text-3xl font-semibold">{t(`instructions.step${number}.h` as MessageId)}</h1>
        <p className="whitespace-pre-line leading-relaxed text-slate-700">
          {t(`instructions.step${number}.b` as MessageId)}
        </p>
        <div className="flex gap-4 text-sm">
          {number > 1 && (
            <Link className="text-blue-700 hover:underline" to={`/instructions/step-${number - 1}`}>
              ← {t("common.previous")}
            </Link>
          )}
          {number < STEPS && (
            <Link className="text-blue-700 hover:underline" to={`/instructions/step-${number + 1}`}>
              {t("common.next")} →
            </Link>
          )}
        </div>
      </article>
    </div>
  );
}
