import { Check } from "lucide-react";

import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

const STEPS: MessageId[] = ["shop.step.review", "shop.step.pay", "shop.step.done"];

/** Where the learner is in the checkout: review the order, pay, done. */
export function Steps({ current }: { current: 0 | 1 | 2 }) {
  const t = useT();
  return (
    <ol aria-label={t("shop.step.label")} className="flex flex-wrap items-center gap-2 text-sm">
      {STEPS.map((id, index) => (
        <li
          key={id}
          aria-current={index === current ? "step" : undefined}
          className={cn(
            "flex items-center gap-2 rounded-full px-3 py-1",
            index === current && "bg-blue-700 text-white",
            index < current && "bg-blue-50 text-blue-800",
            index > current && "bg-slate-100 text-slate-600",
          )}
        >
          <span
            className={cn(
              "flex h-5 w-5 items-center justify-center rounded-full text-xs font-semibold",
              index === current ? "bg-white text-blue-700" : "bg-white/70",
            )}
            aria-hidden="true"
          >
            {index < current ? <Check className="h-3 w-3" /> : index + 1}
          </span>
          {t(id)}
        </li>
      ))}
    </ol>
  );
}
