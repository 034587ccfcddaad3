/** "Failed to generate test" (spec §8) with each short blueprint item: which cluster (and
 * complexity level) of which subject, how many questions it needs, has and misses. */
import { AlertTriangle } from "lucide-react";

import { useT } from "@/lib/intl";

import type { Shortfall } from "../api/types";

export function GenerationFailure({ shortfalls, message }: { shortfalls: Shortfall[]; message?: string }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4" aria-hidden="true" /> {t("tests.generationFailed")}
      </p>
      {shortfalls.length > 0 ? (
        <>
          <p>{t("tests.shortfallIntro")}</p>
          <ul className="grid gap-1" aria-label={t("tests.shortfallList")}>
            {shortfalls.map((s, index) => (
              <li key={index} className="rounded-lg bg-white/70 px-3 py-2">
                <span className="font-medium">
                  {s.subject} · {s.cluster}
                  {s.complexity_level && ` · ${s.complexity_level}`}
                </span>
                <span className="block text-red-800">
                  {t("tests.shortfall", { needed: s.needed, available: s.available, missing: s.missing })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        message && <p>{message}</p>
      )}
    </div>
  );
}
