import { useT } from "@/lib/intl";

import type { GroupProgress as Progress } from "../api/types";
import { GROUP_COLOURS } from "./labels";

/** Progress by RIASEC group: one labelled bar per group (answered / total). */
export function GroupProgress({ progress, names }: { progress: Progress[]; names: Record<string, string> }) {
  const t = useT();
  return (
    <ul
      className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 xl:grid-cols-6"
      aria-label={t("surveys.taking.byGroup")}
    >
      {progress.map((p) => {
        const percent = p.total ? Math.round((p.answered / p.total) * 100) : 0;
        const label = t("surveys.taking.groupProgress", {
          name: names[p.code] ?? p.code,
          answered: p.answered,
          total: p.total,
        });
        return (
          <li key={p.code} className="grid gap-1">
            <span className="flex justify-between text-xs text-slate-600">
              <span className="truncate font-medium">
                {p.code} · {(names[p.code] ?? p.code).split(" (")[0]}
              </span>
              <span className="tabular-nums">
                {p.answered}/{p.total}
              </span>
            </span>
            <span
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={p.total}
              aria-valuenow={p.answered}
              className="block h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <span
                className="block h-full rounded-full transition-[width]"
                style={{
                  width: `${percent}%`,
                  background: GROUP_COLOURS[p.code as keyof typeof GROUP_COLOURS],
                }}
              />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
