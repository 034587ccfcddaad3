/** The heading of a page about one test: its name, grade, status and links to its other pages. */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { Lang } from "@/components/lang";
import { useT } from "@/lib/intl";

import type { Preset } from "../api/types";
import { Badge } from "@/components/ui/badge";
import { PRESET_STATUS_LABEL, PRESET_STATUS_TONE } from "./labels";

export function TestHeading({
  preset,
  fallbackTitle,
  kicker,
  links,
}: {
  preset: Preset | undefined;
  fallbackTitle: string;
  kicker: string;
  links: { to: string; label: string }[];
}) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-blue-800">{kicker}</p>
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
        {preset ? <Lang>{preset.name}</Lang> : fallbackTitle}
      </h1>
      {preset && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={PRESET_STATUS_TONE[preset.status] ?? "slate"}>
            {t(PRESET_STATUS_LABEL[preset.status] ?? "assignments.presetStatus.draft")}
          </Badge>
          {preset.grade && <span>{t("assignments.gradeN", { grade: preset.grade })}</span>}
          {preset.duration_minutes && (
            <span>{t("assignments.minutesN", { count: preset.duration_minutes })}</span>
          )}
        </div>
      )}
      <LinkRow>
        {links.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className="text-sm text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {link.label}
          </Link>
        ))}
      </LinkRow>
    </div>
  );
}

function LinkRow({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-x-4 gap-y-1">{children}</div>;
}
