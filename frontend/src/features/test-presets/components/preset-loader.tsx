/** Loads the preset a page is about: loading, then the page, or "not found" with the way back to
 * the list (another organization's preset answers 404; an id that is not one never asks). */
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { QueryState } from "@/components/list/query-rows";
import { presetQuery, type Preset } from "@/lib/api/test-presets";
import { useT } from "@/lib/intl";

/** The preset id of a route parameter, or null when it is not a positive whole number. */
export function presetIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function PresetLoader({
  id,
  children,
}: {
  id: number | null;
  children: (preset: Preset) => ReactNode;
}) {
  const t = useT();
  const preset = useQuery(presetQuery(id));
  if (id === null || preset.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert">{t("tests.notFound")}</p>
        <Link to="/test-preset" className="text-sm text-blue-700 hover:underline">
          {t("tests.backToList")}
        </Link>
      </div>
    );
  }
  return (
    <QueryState query={preset} failed={t("tests.notFound")}>
      {children}
    </QueryState>
  );
}
